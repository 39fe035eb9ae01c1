import Foundation
#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A value bound to a statement of ``SQLiteFile`` or read from one of its rows.
enum SQLiteValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null

    /// SQLite copies what is bound before the call returns (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(to statement: OpaquePointer?, at index: Int32) {
        switch self {
        case .integer(let value): sqlite3_bind_int64(statement, index, value)
        case .real(let value): sqlite3_bind_double(statement, index, value)
        case .text(let value): sqlite3_bind_text(statement, index, value, -1, Self.transient)
        case .blob(let value):
            _ = value.withUnsafeBytes { bytes in
                // A zero-length blob still binds as a blob, not as NULL.
                sqlite3_bind_blob(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), Self.transient)
            }
        case .null: sqlite3_bind_null(statement, index)
        }
    }

    init(_ statement: OpaquePointer?, column: Int32) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: self = .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: self = .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: self = .text(String(cString: sqlite3_column_text(statement, column)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            self = .blob(count == 0 ? Data() : Data(bytes: sqlite3_column_blob(statement, column), count: count))
        default: self = .null
        }
    }

    var int: Int64? { if case .integer(let value) = self { value } else { nil } }
    var double: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
    var string: String? { if case .text(let value) = self { value } else { nil } }
    var data: Data? { if case .blob(let value) = self { value } else { nil } }
}
