import Foundation
import SQLiteKit

/// SQLite's values as they are stored: times as seconds since 1970 (a REAL), ids as text, flags
/// as integers.
extension DirectSQLiteRow: TypedSQLRow {
    private func value(_ column: String) throws -> SQLiteData {
        guard let index = columns.indexes[column] else {
            throw DecodingError.keyNotFound(SomeCodingKey(stringValue: column), .init(codingPath: [], debugDescription: "No column \(column) in the row."))
        }
        return values[index]
    }

    private func mismatch(_ column: String, _ value: SQLiteData, _ type: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: [SomeCodingKey(stringValue: column)], debugDescription: "Column \(column) holds \(value), not \(type)."))
    }

    func int64OrNil(_ column: String) throws -> Int64? {
        switch try value(column) {
        case .integer(let int): Int64(int)
        case .null: nil
        case let other: throw mismatch(column, other, "an integer")
        }
    }

    func boolOrNil(_ column: String) throws -> Bool? { try int64OrNil(column).map { $0 != 0 } }

    func stringOrNil(_ column: String) throws -> String? {
        switch try value(column) {
        case .text(let text): text
        case .null: nil
        case let other: throw mismatch(column, other, "text")
        }
    }

    func dateOrNil(_ column: String) throws -> Date? {
        switch try value(column) {
        case .float(let seconds): Date(timeIntervalSince1970: seconds)
        case .integer(let seconds): Date(timeIntervalSince1970: Double(seconds))
        case .null: nil
        case let other: throw mismatch(column, other, "a time")
        }
    }

    func uuidOrNil(_ column: String) throws -> UUID? {
        let value = try value(column)
        if case .null = value { return nil }
        guard case .text(let text) = value, let id = UUID(hyphenated: text) else { throw mismatch(column, value, "a UUID") }
        return id
    }
}

extension UUID {
    /// A UUID from its 36-character hyphenated form, either case, read without `sscanf`.
    init?(hyphenated text: String) {
        var text = text
        guard let parsed = text.withUTF8(Self.parse) else { return nil }
        self = parsed
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var out: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = 0
        let ok = withUnsafeMutableBytes(of: &out) { raw -> Bool in
            for byte in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return false }
                raw[byte] = high << 4 | low
                index += 2
            }
            return true
        }
        return ok ? UUID(uuid: out) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
