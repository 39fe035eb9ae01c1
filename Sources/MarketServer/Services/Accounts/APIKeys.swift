import Fluent
import Foundation
import MarketCore

/// Keys for apps that speak a fixed contract: issued and revoked by the operator's commands,
/// checked on every call of such an app.
struct APIKeys {
    let database: any Database
    let now: Date

    /// Prefix that makes a leaked key recognisable to secret scanners.
    static let prefix = "cmk_"
    static let nameLength = 1...60

    struct Listed: Sendable {
        let name: String
        let createdAt: Date
    }

    /// Issues a key named `name`; the key itself is returned once and never stored.
    func create(name rawName: String) async throws -> String {
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.nameLength.contains(name.count),
              name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "-_. ".unicodeScalars.contains($0) }) else {
            throw ConfigurationError("--name must be 1-60 letters, digits, spaces, '-', '_' or '.', not '\(rawName)'.")
        }
        if try await APIKeyRecord.query(on: database).filter(\.$name == name).count() > 0 {
            throw ConfigurationError("an API key named '\(name)' already exists: revoke it first (campusmarket revoke-api-key \(name)) or choose another name.")
        }
        let key = Self.prefix + Base64URL.randomToken()
        try await APIKeyRecord(name: name, keyHash: SessionTokens.hash(key), createdAt: now).create(on: database)
        return key
    }

    func list() async throws -> [Listed] {
        try await APIKeyRecord.query(on: database).sort(\.$createdAt).all().map { Listed(name: $0.name, createdAt: $0.createdAt) }
    }

    func revoke(name: String) async throws {
        let deleted = try await APIKeyRecord.query(on: database).filter(\.$name == name).count()
        guard deleted > 0 else {
            throw ConfigurationError("no API key is named '\(name)'; `campusmarket list-api-keys` shows the names.")
        }
        try await APIKeyRecord.query(on: database).filter(\.$name == name).delete()
    }

    /// True when `key` is one the operator issued and has not revoked.
    func isValid(_ key: String) async throws -> Bool {
        guard key.hasPrefix(Self.prefix), key.count < 200 else { return false }
        return try await APIKeyRecord.query(on: database).filter(\.$keyHash == SessionTokens.hash(key)).count() > 0
    }
}
