import Foundation
import MarketCore
import Vapor

/// Reads a list endpoint's URL query parameter by parameter, collecting every problem so one
/// 422 names them all: MarketCore's `QueryParameters` (which `ListingQuery` reads through too),
/// with what only the server reads (its cursors, dates, the default page size).
struct QueryReader {
    var parameters: QueryParameters
    /// Every problem found so far; a caller may add cross-parameter ones before `check()`.
    var errors: FieldErrors {
        get { parameters.errors }
        set { parameters.errors = newValue }
    }

    static let defaultLimit = 20
    static let maxLimit = PageRequest.maxLimit

    init(_ request: Request) {
        self.init(values: request.queryValues)
    }

    /// `values` read as parameters: the query's, taken once (each look-up through the request's
    /// storage takes its lock), or a form's.
    init(values: [String: String]) {
        parameters = QueryParameters(values)
    }

    mutating func string(_ name: String) -> String? {
        parameters.string(name)
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String) -> T? where T.RawValue == String {
        parameters.choice(name)
    }

    mutating func list<T: RawRepresentable & CaseIterable>(_ name: String, of type: T.Type) -> [T] where T.RawValue == String {
        parameters.list(name, of: type)
    }

    mutating func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
        parameters.integer(name, in: range)
    }

    mutating func bool(_ name: String) -> Bool? {
        guard let value = string(name) else { return nil }
        switch value { case "true", "1": return true; case "false", "0": return false
        default: errors.note(name, "must be true or false"); return nil }
    }

    mutating func uuid(_ name: String) -> UUID? {
        parameters.uuid(name)
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
