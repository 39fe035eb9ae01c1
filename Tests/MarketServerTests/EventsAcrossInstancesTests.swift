import Foundation
import MarketClient
import MarketCore
@testable import MarketServer
import MarketTestSupport
import Testing

/// Two `campusmarket serve` processes on one PostgreSQL: events written through one reach
/// streams open on the other (LISTEN/NOTIFY), and survive a database restart in between.
@Suite("Live events across instances", .serialized)
struct EventsAcrossInstancesTests {
    /// Restarting the database cuts every other test's connections, so this runs only when
    /// asked (`RESTART_POSTGRES_TESTS=1`, which CI sets in a run of this suite alone) on the
    /// PostgreSQL `scripts/start-postgres.sh` started.
    static var restartable: Bool {
        let environment = ProcessInfo.processInfo.environment
        return TestDatabase.isPostgres && environment["RESTART_POSTGRES_TESTS"] == "1"
            && FileManager.default.fileExists(atPath: environment["PG_STATE_FILE"] ?? "/tmp/campusmarket-pg.dir")
    }

    @Test("messages sent through instance A reach a stream on instance B, before and after PostgreSQL restarts, each once and in order",
          .enabled(if: restartable))
    func acrossInstancesAndRestart() async throws {
        let servers = try await ServerProcesses.start(count: 2, environment: ["MESSAGES_PER_MINUTE": "10000"])
        do {
            try await exchange(through: servers)
        } catch {
            await servers.stop()
            throw error
        }
        // Awaited here: a stop left to a detached task never ran once the test process exited.
        await servers.stop()
    }

    private func exchange(through servers: ServerProcesses) async throws {
        let (a, b) = (URL(string: servers.baseURLs[0])!, URL(string: servers.baseURLs[1])!)
        let seller = try await APIClient(baseURL: a).send(
            AuthEndpoint.register(RegisterRequest(email: "seller-\(UUID().wireString.prefix(8))@campus.edu", password: "correct horse battery", name: "Sam")),
            as: AuthResponse.self)
        let buyer = try await APIClient(baseURL: a).send(
            AuthEndpoint.register(RegisterRequest(email: "buyer-\(UUID().wireString.prefix(8))@campus.edu", password: "correct horse battery", name: "Bea")),
            as: AuthResponse.self)
        let sellerOnA = APIClient(baseURL: a, tokenProvider: { seller.token })
        let buyerOnA = APIClient(baseURL: a, tokenProvider: { buyer.token })
        let listing = try await sellerOnA.send(ListingEndpoint.create(ListingInput.sample("Bike")), as: MarketCore.Listing.self)
        let conversation = try await buyerOnA.send(ConversationEndpoint.openAboutListing(listing.id), as: Conversation.self)

        let stream = LiveRecorder(APIClient(baseURL: b, tokenProvider: { seller.token }).liveEvents())
        #expect(await stream.wait { $0.connections == 1 })

        /// Sends until the server stores it: a send cut off by the restart is retried with the
        /// same clientId, which can never store it twice.
        func send(_ n: Int) async throws {
            let request = SendMessageRequest(text: "Message \(n)", clientId: "m-\(n)")
            for attempt in 1...100 {
                do {
                    _ = try await buyerOnA.send(ConversationEndpoint.send(conversation.id, request), as: ConversationMessage.self)
                    return
                } catch where attempt < 100 {
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
        }

        for n in 1...50 { try await send(n) }
        #expect(await stream.wait { $0.messages.count == 50 })

        #expect(Self.run(PackageRoot.url.appendingPathComponent("scripts/restart-postgres.sh").path) == 0)

        for n in 51...100 { try await send(n) }
        #expect(await stream.wait(upTo: 30) { $0.messages.count >= 100 })
        #expect(stream.messages.map(\.text) == (1...100).map { "Message \($0)" })
        let history = try await buyerOnA.send(ConversationEndpoint.messages(conversation.id, PageRequest(limit: 100)), as: MessagePage.self)
        #expect(history.items.count == 100)
        await stream.stop()
    }

    /// Runs a script to its end. (Foundation's `Process.waitUntilExit` never returned here once
    /// the script had started a daemon: the restarted postmaster.)
    static func run(_ path: String) -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        defer { for arg in argv { free(arg) } }
        guard posix_spawn(&pid, path, nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { return -1 }
        return (status >> 8) & 0xFF
    }
}
