import Foundation
import MarketCore
import Vapor

/// Reads a list endpoint's URL query parameter by parameter, collecting every problem so one
/// 422 names them all. A parameter that is present must be valid, even when empty.
struct QueryReader {
    private let request: Request
    private(set) var errors = FieldErrors()

    static let defaultLimit = 20
    static let maxLimit = 100

    init(_ request: Request) {
        self.request = request
    }

    func string(_ name: String) -> String? {
        request.query[String.self, at: name]
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String) -> T? where T.RawValue == String {
        guard let value = string(name) else { return nil }
        if let parsed = T(rawValue: value) { return parsed }
        errors.note(name, "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        return nil
    }

    mutating func bool(_ name: String) -> Bool? {
        guard let value = string(name) else { return nil }
        switch value { case "true", "1": return true; case "false", "0": return false
        default: errors.note(name, "must be true or false"); return nil }
    }

    mutating func uuid(_ name: String) -> UUID? {
        guard let value = string(name) else { return nil }
        if let id = UUID(uuidString: value) { return id }
        errors.note(name, "must be a UUID")
        return nil
    }

    mutating func date(_ name: String) -> Date? {
        guard let value = string(name) else { return nil }
        if let date = ISO8601Wire.date(from: value) { return date }
        errors.note(name, "must be an ISO 8601 date-time such as 2026-11-22T10:00:00Z")
        return nil
    }

    /// `limit`, 1...100, default 20.
    mutating func limit() -> Int {
        guard let value = string("limit") else { return Self.defaultLimit }
        if let number = Int(value), (1...Self.maxLimit).contains(number) { return number }
        errors.note("limit", "must be a whole number from 1 to \(Self.maxLimit)")
        return Self.defaultLimit
    }

    mutating func cursor() -> PageCursor? {
        guard let token = string("cursor"), !token.isEmpty else { return nil }
        if let cursor = OpaqueToken.decode(token, as: PageCursor.self) { return cursor }
        errors.note("cursor", "is not a cursor this server issued")
        return nil
    }

    func check() throws {
        try APIError.check(errors)
    }
}
