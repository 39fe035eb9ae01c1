import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOPosix
import SQLiteNIO
import Testing

/// SIGTERM, as a deploy or `systemctl stop` sends it, while requests are under way: the process
/// finishes them and exits with status 0, not a crash dump.
@Suite("Stopping the built binary", .serialized, .enabled(if: !TestDatabase.isPostgres))
struct GracefulStopTests {
    @Test("SIGTERM while a handler runs for a client that gave up: the handler finishes before the databases close, and the process exits 0")
    func stopWithAHandlerRunning() async throws {
        let servers = try await ServerProcesses.start(count: 1)
        let base = servers.baseURLs[0]
        let (_, body) = try await httpRequest("POST", try #require(URL(string: base + "/api/v1/auth/register")),
                                              body: Data(#"{"email": "late@campus.edu", "password": "a long enough password", "name": "Late"}"#.utf8))
        let token = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])["token"] as? String

        // Another program holds the database's write lock, so the server's next write waits.
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let holder = try await SQLiteConnection.open(storage: .file(path: servers.sqlitePath), threadPool: pool,
                                                     on: MultiThreadedEventLoopGroup.singleton.any())
        _ = try await holder.query("BEGIN IMMEDIATE", [])

        // A listing is posted and its client gives up, closing its connection, while the handler
        // waits for the lock. The HTTP server's graceful stop waits only for connections: this
        // handler is what nothing else waits for.
        var request = URLRequest(url: try #require(URL(string: base + "/api/v1/listings")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token ?? "")", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"title": "Desk lamp", "categories": ["furniture"], "condition": "good", "salePriceCents": 1500}"#.utf8)
        let gaveUp = Task { try await URLSession.shared.data(for: request) }
        try await Task.sleep(for: .milliseconds(500))
        gaveUp.cancel()
        _ = try? await gaveUp.value

        let stopped = Task { await servers.terminate(0) }
        try await Task.sleep(for: .seconds(1))
        _ = try await holder.query("ROLLBACK", [])  // the handler's write goes through
        let (reason, status) = await stopped.value
        try await holder.close()
        try await pool.shutdownGracefully()
        let log = servers.log(0)
        await servers.stop()
        #expect(reason == .exit && status == 0, "ended by \(reason) with status \(status):\n\(log.suffix(3_000))")
        #expect(!log.contains("Fatal error"), "\(log.suffix(3_000))")
    }
}
