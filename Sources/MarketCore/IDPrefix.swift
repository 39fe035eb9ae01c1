import Foundation

/// The beginning of an id, as people copy a short one from a table (`3f2c9a1e`): at least 8
/// hex digits, hyphens anywhere. Every front end that shows short ids accepts one wherever an id
/// goes, as long as it names one thing.
public struct IDPrefix: Sendable, Equatable {
    /// The shortest prefix accepted, and the length of the short ids the CLI prints.
    public static let minimumDigits = 8

    /// The lowercase hex digits typed, hyphens dropped.
    public let digits: String

    /// nil unless `text` is 8 to 32 hex digits (with or without hyphens).
    public init?(_ text: String) {
        let digits = text.lowercased().filter { $0 != "-" }
        guard (Self.minimumDigits...32).contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        self.digits = digits
    }

    public func matches(_ id: UUID) -> Bool { id.uuidString.lowercased().filter { $0 != "-" }.hasPrefix(digits) }

    /// The smallest and largest ids that begin with these digits, for a range query on an index.
    public var range: ClosedRange<UUID> { Self.uuid(padding: "0", digits)...Self.uuid(padding: "f", digits) }

    private static func uuid(padding: Character, _ digits: String) -> UUID {
        var hex = Array(digits + String(repeating: padding, count: 32 - digits.count))
        for position in [8, 13, 18, 23] { hex.insert("-", at: position) }
        return UUID(uuidString: String(hex))!
    }

    /// How tables show an id: its first 8 digits.
    public static func short(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(minimumDigits)) }
}
