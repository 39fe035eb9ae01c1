import Foundation
import Vapor

enum APIKeyCommandSupport {
    /// The key store, on a database migrated as `serve` would migrate it.
    static func keys(_ app: Application) async throws -> APIKeys {
        if app.settings.autoMigrate { try await app.autoMigrate() }
        return APIKeys(database: app.db, now: app.clock.now())
    }
}
