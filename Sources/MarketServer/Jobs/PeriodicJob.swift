import Foundation
import Vapor

/// Work the server does by itself every so often while it is up (features that end, rentals
/// that are late): a job inside the server, so an operator needs no cron. A failed round is
/// logged and the next one runs as usual.
struct PeriodicJob: LifecycleHandler {
    let name: String
    let interval: @Sendable (AppSettings) -> TimeInterval
    /// One round; answers a line to log when it did something.
    let round: @Sendable (Application) async throws -> String?
    private let loop = BackgroundLoop()

    init(_ name: String, every interval: @escaping @Sendable (AppSettings) -> TimeInterval,
         _ round: @escaping @Sendable (Application) async throws -> String?) {
        self.name = name
        self.interval = interval
        self.round = round
    }

    /// Sync, so both `boot()` (tests) and `asyncBoot()` (serve) start it.
    func didBoot(_ app: Application) throws {
        guard Self.runs(under: app.environment.arguments) else { return }
        let seconds = interval(app.settings)
        loop.start { [weak app, name, round] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(seconds))
                guard let app, !Task.isCancelled else { return }
                do {
                    if let line = try await round(app) { app.logger.info("\(name): \(line)") }
                } catch {
                    app.logger.warning("\(name) failed: \(String(describing: error))")
                }
            }
        }
    }

    /// Whether the process's arguments (as Vapor reads them) serve: no command, `serve`, or flags
    /// only (a test runner's). A one-shot command (`migrate`, `seed`, `backup`…) boots the
    /// application too, and a round during a long migration met the database locked by it and
    /// logged a failure, or could meet tables half migrated.
    static func runs(under arguments: [String]) -> Bool {
        guard let command = arguments.dropFirst().first else { return true }
        return command == "serve" || command.hasPrefix("-")
    }

    func shutdown(_ app: Application) {
        loop.stop()
    }

    /// Also waits for a round under way (why: `BackgroundLoop.stop(waitingUpTo:)`).
    func shutdownAsync(_ app: Application) async {
        await loop.stop(waitingUpTo: BackgroundLoop.shutdownWait)
    }
}
