import Foundation
import MarketClient
import MarketCore
import MarketServer
import MarketTestSupport
import Vapor

/// A real server on a fresh database, listening on a loopback port, for the SDK to talk to
/// over HTTP, plus what tests need to set a scene: signed-in people and their listings.
@MainActor
final class LiveMarket {
    let url: URL
    /// The server itself, for what an operator does at its command line.
    let app: Application
    /// Every request the server received, as "GET /api/v1/listings?q=…", in order.
    let requests: RequestLog
    /// Where this test's sessions keep their accounts' stores (deleted after the test).
    let storeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("market-stores-\(UUID().uuidString)")
    static let password = "correct horse battery"

    init(url: URL, app: Application, requests: RequestLog) {
        self.url = url
        self.app = app
        self.requests = requests
    }

    /// A session on this server, signed out, keeping its stores in ``storeDirectory``.
    func session(store: any TokenStore = MemoryTokenStore(), gate: any BiometricGate = OpenGate()) -> SessionManager {
        SessionManager(server: url, store: store, gate: gate, storeDirectory: storeDirectory)
    }

    /// A new account, signed in through the SDK, its token kept in memory.
    func person(_ name: String, store: any TokenStore = MemoryTokenStore()) async throws -> SessionManager {
        let session = session(store: store)
        try await session.register(RegisterRequest(email: "\(name.lowercased().replacingOccurrences(of: " ", with: "."))@campus.edu", password: Self.password, name: name))
        return session
    }

    /// A listing of `seller`'s (sold for `sale` cents unless told otherwise).
    @discardableResult
    func listing(_ title: String, by seller: SessionManager, categories: [ListingCategory] = [.furniture], sale: Int? = 2_500,
                 rent: Int? = nil, unit: RentUnit? = nil, trade: Bool = false) async throws -> Listing {
        try await seller.client.send(ListingEndpoint.create(ListingInput(
            title: title, categories: categories.map(\.rawValue), condition: "good", salePriceCents: sale,
            rentPriceCents: rent, rentUnit: unit?.rawValue, openToTrade: trade)))
    }
}

extension LiveMarket {
    /// Stops answering: the listening socket closes and open connections end, as when the
    /// network goes; the app and its database stay as they were.
    func stopServing() async {
        await app.http.server.shared.shutdown()
    }

    /// Serves again on the same address.
    func serveAgain() async throws {
        try await app.http.server.shared.start(address: .hostname("127.0.0.1", port: url.port))
    }

    /// `campusmarket <arguments>` run in the server, as its operator would.
    func operatorRuns(_ arguments: String...) async throws {
        var context = CommandContext(console: app.console, input: CommandInput(arguments: ["campusmarket"] + arguments))
        context.application = app
        try await app.console.run(app.asyncCommands.group(), with: context)
    }
}

/// Runs `body` against a live server on a fresh database (system clock, so the SDK's "now"
/// and the server's agree). `faults` run inside the server's own middleware, before the routes: what they throw is
/// answered as the server answers any error.
func withLiveMarket(adjust: @Sendable (inout AppSettings) -> Void = { _ in }, faults: [any AsyncMiddleware] = [],
                    _ body: @MainActor (LiveMarket) async throws -> Void) async throws {
    try await withTestApp(adjust: adjust) { app in
        let log = RequestLog()
        for fault in faults { app.middleware.use(fault) }
        app.middleware.use(log, at: .beginning)
        // A test that stops serving mid-request (the network going) waits a second, not ten.
        app.http.server.configuration.shutdownTimeout = .seconds(1)
        try await app.withLiveServer { url in
            let market = await LiveMarket(url: url, app: app, requests: log)
            defer { try? FileManager.default.removeItem(at: market.storeDirectory) }
            try await body(market)
        }
    }
}

/// A client pointed where nothing listens: any request it made would fail with a transport
/// error, so a screen showing field errors with it proves they were found before sending.
@MainActor
func unreachableSession() -> SessionManager {
    SessionManager(server: URL(string: "http://127.0.0.1:9")!, store: MemoryTokenStore(), storeDirectory: nil)
}

/// Records the requests the server receives (a recorder, not a stand-in: the real server answers).
final class RequestLog: AsyncMiddleware, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var statuses: [String] = []

    var all: [String] { lock.withLock { lines } }
    /// Each answer's status with its request, as "304 GET /api/v1/listings?…", in order.
    var answered: [String] { lock.withLock { statuses } }

    func count(_ prefix: String) -> Int { all.filter { $0.hasPrefix(prefix) }.count }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let line = "\(request.method.rawValue) \(request.url.string)"
        lock.withLock { lines.append(line) }
        let response = try await next.respond(to: request)
        lock.withLock { statuses.append("\(response.status.code) \(line)") }
        return response
    }
}
