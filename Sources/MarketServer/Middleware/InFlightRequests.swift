import NIOConcurrencyHelpers
import Vapor

/// Counts the requests whose handlers are still running. A client that gives up (a timeout, a
/// closed tab) closes its connection, but its handler runs on; the HTTP server's graceful stop
/// waits only for connections. Shutting the application down under such a handler stopped the
/// process with a crash dump when the handler next reached `req.db` (Fluent's databases were
/// gone), so the application's shutdown waits for the count to reach zero first: this is also a
/// lifecycle handler, the last `configure` adds, so the first to stop.
///
/// First in the chain, so it counts every request, and future-based like the other global
/// layers (no task of its own: see `SecurityHeadersMiddleware`).
final class InFlightRequests: Middleware, LifecycleHandler, Sendable {
    private let count = NIOLockedValueBox(0)

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        count.withLockedValue { $0 += 1 }
        return next.respond(to: request).always { _ in self.count.withLockedValue { $0 -= 1 } }
    }

    /// Waits until no handler is running, or `limit` has passed. The limit is long: a handler
    /// still holding a SQLite connection when the thread pool stops leaves that connection
    /// unclosed, which stops a debug build (the test suite) with an assertion, and two cores
    /// running the whole suite have stalled work past ten seconds (a mail round, once).
    func drained(within limit: Duration = .seconds(BackgroundLoop.shutdownWait)) async {
        let deadline = ContinuousClock.now + limit
        while count.withLockedValue({ $0 }) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Before the databases close, however the application is shut down (`stopServing` first
    /// also stops the HTTP server taking new requests).
    func shutdownAsync(_ application: Application) async {
        await drained()
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
        // Event streams first: the HTTP server's graceful stop waits for every connection to
        // close, and a stream never closes on its own. Held open, a restart with one tab open
        // took the server's whole ten seconds and logged "Server stop took too long"; ended, each
        // client resumes at once with Last-Event-ID, on another instance or this one restarted.
        eventHub.subscribers.close()
        await server.shutdown()
        await inFlightRequests.drained()
    }
}
