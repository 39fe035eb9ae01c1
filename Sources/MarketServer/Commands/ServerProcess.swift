import Foundation
import Logging
import Vapor

/// The `campusmarket` process from its arguments to its exit: `serve` (the default: migrates,
/// then serves until SIGTERM or SIGINT), `migrate`, `seed` and the other commands. An
/// operator's mistake ends in one sentence on standard error and exit status 1 (64 for a usage
/// error), never a crash dump.
public enum ServerProcess {
    public static func run() async {
        MallocArenas.limitToCores()
        var env: Environment
        do {
            env = try Environment.detect()
        } catch {
            OperatorError.exit(with: OperatorError.usage("\(error)"))
        }
        if let problem = OperatorError.checkArguments(Array(env.arguments.dropFirst())) { OperatorError.exit(with: problem) }
        do {
            try LoggingSystem.bootstrap(from: &env)
        } catch {
            OperatorError.exit(with: OperatorError.usage("\(error)"))
        }
        var settings: AppSettings?
        do {
            let app = try await Application.make(env)
            do {
                settings = try AppSettings.fromEnvironment()
                try await run(app, settings: settings!, arguments: env.arguments)
            } catch {
                try? await app.asyncShutdown()
                throw error
            }
            try await app.asyncShutdown()
        } catch {
            OperatorError.exit(with: OperatorError.describe(error, settings: settings, arguments: env.arguments))
        }
    }

    private static func run(_ app: Application, settings: AppSettings, arguments: [String]) async throws {
        let onEventLoops = EventLoopConcurrency.install(for: settings.database)
        app.logger.debug("Async code runs on the event loops: \(onEventLoops)")
        try await configure(app, settings: settings)
        if let problem = OperatorError.checkCommand(arguments, app: app) {
            try? await app.asyncShutdown()
            OperatorError.exit(with: problem)
        }
        let command = arguments.dropFirst().first
        // An unreachable database is said once, by us, not also by the connection pool's log;
        // `doctor` says it among its other checks.
        if command != "doctor" {
            try await OperatorError.checkDatabase(app)
            try await app.checkPhotoStore()
        }
        if settings.autoMigrate, command == nil || command == "serve" {
            try await app.autoMigrate()
        }
        // What `app.execute()` does, without its own error log: we say what went wrong once.
        try await app.startup()
        if let running = app.running {  // `serve`: until SIGTERM or SIGINT
            try await running.onStop.get()
            await app.stopServing()
        }
    }
}
