import Logging
import MarketServer
import Vapor

/// `campusmarket` — `serve` (the default: migrates, then serves), `migrate`, and the other
/// Vapor commands. All behaviour lives in MarketServer.
@main
enum Entrypoint {
    static func main() async throws {
        var env = try Environment.detect()
        try LoggingSystem.bootstrap(from: &env)
        let app = try await Application.make(env)
        do {
            let settings = try AppSettings.fromEnvironment()
            try await configure(app, settings: settings)
            let command = env.arguments.dropFirst().first
            if settings.autoMigrate, command == nil || command == "serve" {
                try await app.autoMigrate()
            }
            try await app.execute()
        } catch {
            app.logger.critical("\(error)")
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
