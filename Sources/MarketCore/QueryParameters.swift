import Foundation

/// A URL query's parameters read one by one, every problem noted under the parameter's name (so
/// one answer names them all) and the bad value left out. A parameter that is present must be
/// valid, even when empty. The server's list endpoints and `ListingQuery`'s codec read through it.
public struct QueryParameters: Sendable {
    public let values: [String: String]
    /// Every problem found so far; a caller may add its own before answering.
    public var errors = FieldErrors()

    /// Parameters whose value holds the NUL character, which no parameter takes (PostgreSQL's
    /// text cannot hold one: a search for one answered 500). Left out of `values`; a problem of
    /// the parameter once it is read, so an unknown parameter stays ignored.
    private let withNul: Set<String>

    public init(_ values: [String: String]) {
        let withNul = Set(values.filter { $0.value.unicodeScalars.contains("\0") }.keys)
        self.values = values.filter { !withNul.contains($0.key) }
        self.withNul = withNul
    }

    public mutating func string(_ name: String) -> String? {
        if withNul.contains(name) { errors.note(name, "must not contain the NUL character") }
        return values[name]
    }

    /// One of the type's cases, by its raw value.
    public mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String) -> T? where T.RawValue == String {
        guard let value = string(name) else { return nil }
        if let parsed: T = Self.known(value) { return parsed }
        errors.note(name, "must be one of \(Self.cases(of: T.self))")
        return nil
    }

    /// A comma-separated list of choices (`?category=furniture,notes`); empty when absent.
    public mutating func list<T: RawRepresentable & CaseIterable>(_ name: String, of type: T.Type) -> [T] where T.RawValue == String {
        guard let value = string(name), !value.isEmpty else { return [] }
        var items: [T] = []
        for slug in value.split(separator: ",") {
            if let item: T = Self.known(slug) { items.append(item) } else {
                errors.note(name, "must be one or more (comma-separated) of \(Self.cases(of: T.self))")
            }
        }
        return items
    }

    /// The case whose raw value is `value`, among `allCases`: an `OpenEnum`'s `.unknown` is for
    /// clients, never an input. (`ListingQuery`'s JSON reads its choices through this too.)
    public static func known<T: RawRepresentable & CaseIterable>(_ value: some StringProtocol) -> T? where T.RawValue == String {
        let raw = String(value)
        guard let parsed = T(rawValue: raw), T.allCases.contains(where: { $0.rawValue == raw }) else { return nil }
        return parsed
    }

    /// The raw values a choice may take, for a message.
    public static func cases<T: RawRepresentable & CaseIterable>(of type: T.Type) -> String where T.RawValue == String {
        T.allCases.map(\.rawValue).joined(separator: ", ")
    }

    public mutating func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = string(name) else { return nil }
        if let number = Int(value), range.contains(number) { return number }
        errors.note(name, Self.outOfRange(range))
        return nil
    }

    public mutating func uuid(_ name: String) -> UUID? {
        guard let value = string(name) else { return nil }
        if let id = UUID(uuidString: value) { return id }
        errors.note(name, "must be a UUID")
        return nil
    }

    /// What a whole number outside `range` is told.
    public static func outOfRange(_ range: ClosedRange<Int>) -> Phrase {
        "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
    }
}
