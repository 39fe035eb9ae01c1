import Fluent
import Foundation
import MarketCore
import SQLKit

/// The phones a person gets pushes on. A token is one phone's, so registering it again, even
/// signed in as someone else on that phone, moves it rather than adding a second row.
struct PushDevices {
    let database: any Database
    let now: Date

    func register(_ registration: DeviceRegistration, for userID: UUID) async throws -> (PushDevice, created: Bool) {
        guard let (token, environment) = registration.validated() else { throw APIError.validation(registration.problems()) }
        let id = UUID()
        // One statement, so two registrations of one token at once leave one row.
        guard let row = try await database.sql.raw("""
            INSERT INTO push_devices (id, user_id, token, environment, created_at)
            VALUES (\(bind: id), \(bind: userID), \(bind: token), \(bind: environment.rawValue), \(bind: now))
            ON CONFLICT (token) DO UPDATE SET user_id = \(bind: userID), environment = \(bind: environment.rawValue)
            RETURNING id, created_at
            """).first() else { throw APIError.notFoundAtAddress }
        let storedID = try row.decode(column: "id", as: UUID.self)
        let device = PushDevice(id: storedID, environment: environment, tokenEnding: String(token.suffix(8)),
                                registeredAt: try row.decode(column: "created_at", as: Date.self))
        return (device, storedID == id)
    }

    func list(for userID: UUID) async throws -> [PushDevice] {
        try await database.sql.raw("""
            SELECT id, token, environment, created_at FROM push_devices WHERE user_id = \(bind: userID) ORDER BY created_at DESC
            """).all().map { row in
                PushDevice(id: try row.decode(column: "id", as: UUID.self),
                           environment: PushEnvironment(rawValue: try row.decode(column: "environment", as: String.self)) ?? .production,
                           tokenEnding: String(try row.decode(column: "token", as: String.self).suffix(8)),
                           registeredAt: try row.decode(column: "created_at", as: Date.self))
            }
    }

    /// Signing out on a phone: its token no longer gets this person's pushes. Forgetting a
    /// token that is not the caller's changes nothing (and says nothing about whose it is).
    func forget(_ token: String, for userID: UUID) async throws {
        guard DeviceRegistration(token: token, environment: .production).validated() != nil else {
            throw APIError(.notFound, code: "device_not_found", message: "There is no phone with this token: it is not an APNs device token.")
        }
        try await database.sql.raw("DELETE FROM push_devices WHERE token = \(bind: token.lowercased()) AND user_id = \(bind: userID)").run()
    }

    /// A phone forgotten from the settings page, by its id.
    func forget(id: UUID, for userID: UUID) async throws {
        try await database.sql.raw("DELETE FROM push_devices WHERE id = \(bind: id) AND user_id = \(bind: userID)").run()
    }

    /// Apple said the token is no longer valid (410, or a token it does not know).
    static func forget(deviceID: UUID, on database: any Database) async throws {
        try await database.sql.raw("DELETE FROM push_devices WHERE id = \(bind: deviceID)").run()
    }
}
