import Fluent
import Foundation
import MarketCore
import SQLKit

/// Each person's channels per topic (`NotificationSettings`): one row, written the first time
/// they change anything; until then the defaults.
struct NotificationPreferences {
    let database: any Database
    let now: Date

    func settings(of userID: UUID) async throws -> NotificationSettings {
        try await Self.settings(of: userID, on: database)
    }

    /// Read inside the transaction that notifies, so a change made a moment before counts.
    static func settings(of userID: UUID, on database: any Database) async throws -> NotificationSettings {
        try await settings(of: [userID], on: database)[userID] ?? .defaults
    }

    /// Several people's, in one read; those who never changed theirs are left out (the defaults).
    static func settings(of userIDs: Set<UUID>, on database: any Database) async throws -> [UUID: NotificationSettings] {
        guard !userIDs.isEmpty else { return [:] }
        var settings: [UUID: NotificationSettings] = [:]
        for row in try await database.sql.raw("SELECT user_id, settings FROM notification_settings WHERE user_id IN \(SQLBind.group(Array(userIDs)))").all() {
            let json = try row.decode(column: "settings", as: String.self)
            // A setting a later version adds is missing from an older row: its default applies.
            settings[try row.decode(column: "user_id", as: UUID.self)] = (try? JSONDecoder().decode(NotificationSettings.self, from: Data(json.utf8))) ?? .defaults
        }
        return settings
    }

    func update(_ update: NotificationSettingsUpdate, for userID: UUID) async throws -> NotificationSettings {
        let (settings, problems) = update.applied(to: try await self.settings(of: userID))
        guard problems.isEmpty else { throw APIError.validation(problems) }
        try await store(settings, for: userID)
        return settings
    }

    /// One topic's mail turned off (an unsubscribe link).
    func stopMail(_ topic: NotificationTopic, for userID: UUID) async throws {
        var settings = try await settings(of: userID)
        settings[topic].email = false
        try await store(settings, for: userID)
    }

    private func store(_ settings: NotificationSettings, for userID: UUID) async throws {
        let json = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        try await database.sql.raw("""
            INSERT INTO notification_settings (user_id, settings, updated_at) VALUES (\(bind: userID), \(bind: json), \(bind: now))
            ON CONFLICT (user_id) DO UPDATE SET settings = \(bind: json), updated_at = \(bind: now)
            """).run()
    }
}
