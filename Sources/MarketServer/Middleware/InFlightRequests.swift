import NIOConcurrencyHelpers
import Vapor

/// Counts the requests whose handlers are still running. A client that gives up (a timeout, a
/// closed tab) closes its connection, but its handler runs on; the HTTP server's graceful stop
/// waits only for connections. Shutting the application down under such a handler stopped the
/// process with a crash dump when the handler next reached `req.db` (Fluent's databases were
/// gone), so `stopServing` waits for the count to reach zero first.
///
/// First in the chain, so it counts every request, and future-based like the other global
/// layers (no task of its own: see `SecurityHeadersMiddleware`).
final class InFlightRequests: Middleware, Sendable {
    private let count = NIOLockedValueBox(0)

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        count.withLockedValue { $0 += 1 }
        return next.respond(to: request).always { _ in self.count.withLockedValue { $0 -= 1 } }
    }

    /// Waits until no handler is running, or `limit` has passed.
    func drained(within limit: Duration = .seconds(10)) async {
        let deadline = ContinuousClock.now + limit
        while count.withLockedValue({ $0 }) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

extension Application {
    private struct InFlightRequestsKey: StorageKey { typealias Value = InFlightRequests }

    /// The counter `configure` puts first in the middleware; made there, on first use.
    var inFlightRequests: InFlightRequests {
        if let counter = storage[InFlightRequestsKey.self] { return counter }
        let counter = InFlightRequests()
        storage[InFlightRequestsKey.self] = counter
        return counter
    }

    /// Stops taking requests and waits for those under way, handlers included: what must happen
    /// before `asyncShutdown` closes the databases they use. Vapor shuts its HTTP server down
    /// with the rest of the application's storage, in no set order with the databases.
    public func stopServing() async {
        await server.shutdown()
        await inFlightRequests.drained()
    }
}
