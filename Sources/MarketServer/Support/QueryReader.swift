import Foundation
import MarketCore
import Vapor

/// Reads a list endpoint's URL query parameter by parameter, collecting every problem so one
/// 422 names them all. A parameter that is present must be valid, even when empty.
struct QueryReader {
    /// The query's values, taken once: each look-up through the request's storage takes its lock.
    private let values: [String: String]
    /// Every problem found so far; a caller may add cross-parameter ones before `check()`.
    var errors = FieldErrors()

    static let defaultLimit = 20
    static let maxLimit = 100

    init(_ request: Request) {
        values = request.queryValues
    }

    func string(_ name: String) -> String? {
        values[name]
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String) -> T? where T.RawValue == String {
        guard let value = string(name) else { return nil }
        // Among `allCases`: an `OpenEnum`'s `.unknown` is for clients, never an input.
        if let parsed = T(rawValue: value), T.allCases.contains(where: { $0.rawValue == value }) { return parsed }
        errors.note(name, "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        return nil
    }

    /// A comma-separated list of choices (`?category=furniture,notes`); empty when absent.
    mutating func list<T: RawRepresentable & CaseIterable>(_ name: String, of type: T.Type) -> [T] where T.RawValue == String {
        guard let value = string(name), !value.isEmpty else { return [] }
        var items: [T] = []
        for slug in value.split(separator: ",") {
            if let item = T(rawValue: String(slug)) { items.append(item) } else {
                errors.note(name, "must be one or more (comma-separated) of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        return items
    }

    mutating func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = string(name) else { return nil }
        if let number = Int(value), range.contains(number) { return number }
        errors.note(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
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
        integer("limit", in: 1...Self.maxLimit) ?? Self.defaultLimit
    }

    /// `cursor` of a newest-first list.
    mutating func cursor() -> PageCursor? {
        token("cursor", as: PageCursor.self)
    }

    /// An opaque token this server issued (a cursor); anything else is named as an error.
    mutating func token<T: Decodable & ValidatedToken>(_ name: String, as type: T.Type) -> T? {
        guard let token = string(name), !token.isEmpty else { return nil }
        if let value = OpaqueToken.decode(token, as: T.self), value.isValid { return value }
        errors.note(name, "is not a cursor this server issued")
        return nil
    }

    func check() throws {
        try APIError.check(errors)
    }
}
