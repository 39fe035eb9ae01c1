import Crypto
import Fluent
import FluentSQL
import Foundation
import MarketCore
import Vapor

/// Issues, resolves and revokes bearer tokens. A token is 32 random bytes; the database keeps
/// only its SHA-256.
struct SessionTokens {
    let database: any Database
    let lifetime: TimeInterval
    let now: Date

    /// Prefix that makes a leaked token recognisable to secret scanners.
    static let prefix = "cm_"

    func issue(for userID: UUID) async throws -> (token: String, expiresAt: Date) {
        let token = Self.prefix + Base64URL.randomToken()
        let expiresAt = now.addingTimeInterval(lifetime)
        try await UserTokenRecord(userID: userID, tokenHash: Self.hash(token), createdAt: now, expiresAt: expiresAt).create(on: database)
        return (token, expiresAt)
    }

    /// The live session for `token`, or nil when it is unknown, revoked, expired, or its account
    /// is deleted. One prepared query: every signed-in request pays for it.
    func session(for token: String) async throws -> Session? {
        guard token.hasPrefix(Self.prefix), token.count < 200,
              let row = try await database.prepared("""
                  SELECT u.*, t.id AS token_id, t.expires_at AS token_expires_at, t.created_at AS token_created_at
                  FROM user_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = \(bind: Self.hash(token))
                  """).first(),
              try row.decode(column: "token_expires_at", as: Date.self) > now
        else { return nil }
        let user = try row.decode(fluentModel: UserRecord.self)
        // A suspension deletes the account's tokens; this refuses one issued in the same instant.
        guard user.deletedAt == nil, user.suspendedAt == nil else { return nil }
        return Session(user: user, tokenID: try row.decode(column: "token_id", as: UUID.self),
                       signedInAt: try row.decode(column: "token_created_at", as: Date.self))
    }

    func revoke(tokenID: UUID) async throws {
        try await UserTokenRecord.query(on: database).filter(\.$id == tokenID).delete()
    }

    /// Signs the account out everywhere, optionally keeping the device that asked.
    func revokeAll(userID: UUID, except keptTokenID: UUID? = nil) async throws {
        let query = UserTokenRecord.query(on: database).filter(\.$user.$id == userID)
        if let keptTokenID { query.filter(\.$id != keptTokenID) }
        try await query.delete()
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).hexString
    }
}
