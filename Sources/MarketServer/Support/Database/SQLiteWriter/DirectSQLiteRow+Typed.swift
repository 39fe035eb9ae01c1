import Foundation
import SQLiteKit

/// SQLite's values as they are stored: times as seconds since 1970 (a REAL), ids as text, flags
/// as integers.
extension DirectSQLiteRow: TypedSQLRow {
    var columnNames: [String] { columns.names }

    private func mismatch(_ value: SQLiteData, _ type: String) -> TypedSQLRowError {
        .mismatch(value: "\(value)", type: type)
    }

    func int64OrNil(at position: Int) throws -> Int64? {
        switch values[position] {
        case .integer(let int): Int64(int)
        case .null: nil
        case let other: throw mismatch(other, "an integer")
        }
    }

    func boolOrNil(at position: Int) throws -> Bool? { try int64OrNil(at: position).map { $0 != 0 } }

    func stringOrNil(at position: Int) throws -> String? {
        switch values[position] {
        case .text(let text): text
        case .null: nil
        case let other: throw mismatch(other, "text")
        }
    }

    func dateOrNil(at position: Int) throws -> Date? {
        switch values[position] {
        case .float(let seconds): Date(timeIntervalSince1970: seconds)
        case .integer(let seconds): Date(timeIntervalSince1970: Double(seconds))
        case .null: nil
        case let other: throw mismatch(other, "a time")
        }
    }

    func uuidOrNil(at position: Int) throws -> UUID? {
        let value = values[position]
        if case .null = value { return nil }
        guard case .text(let text) = value, let id = UUID(hyphenated: text) else { throw mismatch(value, "a UUID") }
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
