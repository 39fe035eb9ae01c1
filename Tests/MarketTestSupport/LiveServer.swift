import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOConcurrencyHelpers
import Vapor

extension Application {
    /// Starts the app on a free loopback port, runs `body` with its base URL, then stops it.
    /// For what only a real socket shows: body size limits, the SDK's HTTP stack.
    public func withLiveServer(_ body: (URL) async throws -> Void) async throws {
        let inFlight = InFlightRequests()
        middleware.use(inFlight, at: .beginning)
        // Booting runs the lifecycle handlers (the event hub, the jobs), as `serve` does.
        try await asyncBoot()
        try await server.start(address: .hostname("127.0.0.1", port: 0))
        do {
            guard let port = http.server.shared.localAddress?.port else { throw Abort(.internalServerError) }
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        } catch {
            await server.shutdown()
            await inFlight.drained()
            throw error
        }
        await server.shutdown()
        await inFlight.drained()
    }
}

/// Counts the requests a handler is still working on. A client that gave up (a cancelled
/// task) leaves its request running on the server; the application must not be shut down
/// under it, or Fluent stops the process when the handler next reaches `req.db`.
final class InFlightRequests: AsyncMiddleware, Sendable {
    private let count = NIOLockedValueBox(0)

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        count.withLockedValue { $0 += 1 }
        defer { count.withLockedValue { $0 -= 1 } }
        return try await next.respond(to: request)
    }

    /// Waits (up to 10 s) until no handler is running.
    func drained() async {
        let deadline = ContinuousClock.now + .seconds(10)
        while count.withLockedValue({ $0 }) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// A plain HTTP call, for tests that need exact bytes on the wire.
public func httpRequest(_ method: String, _ url: URL, body: Data? = nil, contentType: String = "application/json") async throws -> (Int, Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as! HTTPURLResponse).statusCode, data)
}
