import Foundation
import SQLKit

/// A row whose columns are read by type, for rows read by the thousand (the feed's `ListingRow`):
/// the drivers' `decode(column:as:)` goes through `Decodable`, with a dynamic cast and a
/// protocol-conformance lookup per column; sqlite-kit parses a UUID with `sscanf`, and
/// postgres-kit's translation was a third of the feed's CPU on PostgreSQL. SQLite's reading
/// connections (`DirectSQLiteRow`) and PostgreSQL's statements (`PostgresTypedRow`, through
/// `PreparedQuery`) give these.
///
/// Columns are read by position; every row of one result has its columns in the same places, so
/// a reader of many rows finds them once (`ColumnPositions`) instead of hashing each name on
/// every row (a twentieth of the feed's CPU on PostgreSQL, two look-ups per column).
protocol TypedSQLRow: SQLRow {
    /// The names of this row's columns, in order.
    var columnNames: [String] { get }

    func int64OrNil(at position: Int) throws -> Int64?
    func stringOrNil(at position: Int) throws -> String?
    func dateOrNil(at position: Int) throws -> Date?
    func boolOrNil(at position: Int) throws -> Bool?
    func uuidOrNil(at position: Int) throws -> UUID?
}

/// Where each of a list of columns is in the rows of one result, found once from its first row.
struct ColumnPositions: Sendable {
    let names: [String]
    let positions: [Int]

    init(_ names: [String], in row: some TypedSQLRow) throws {
        let present = row.columnNames
        self.names = names
        positions = try names.map { name in
            guard let position = present.firstIndex(of: name) else { throw TypedSQLRowError.noColumn(name) }
            return position
        }
    }

    /// `error`, thrown reading column `index`, told with the column's name.
    func naming(_ index: Int, _ error: any Error) -> any Error {
        guard case TypedSQLRowError.mismatch(let value, let type) = error else { return error }
        return TypedSQLRowError.typeMismatch(names[index], value, type)
    }

    /// The value read of column `index`, which must not be NULL.
    func required<T>(_ index: Int, _ value: T?) throws -> T {
        guard let value else { throw TypedSQLRowError.null(names[index]) }
        return value
    }
}

/// One row's columns read in the order `ColumnPositions` names them, each at its known place: the
/// reader's calls and the list of names go in the same order.
struct OrderedColumnReader<Row: TypedSQLRow> {
    let row: Row
    let columns: ColumnPositions
    private var next = 0

    init(_ row: Row, _ columns: ColumnPositions) {
        (self.row, self.columns) = (row, columns)
    }

    mutating func int64OrNil() throws -> Int64? { try take { try $0.int64OrNil(at: $1) } }
    mutating func stringOrNil() throws -> String? { try take { try $0.stringOrNil(at: $1) } }
    mutating func dateOrNil() throws -> Date? { try take { try $0.dateOrNil(at: $1) } }
    mutating func boolOrNil() throws -> Bool? { try take { try $0.boolOrNil(at: $1) } }
    mutating func uuidOrNil() throws -> UUID? { try take { try $0.uuidOrNil(at: $1) } }

    mutating func int64() throws -> Int64 { try columns.required(next, int64OrNil()) }
    mutating func string() throws -> String { try columns.required(next, stringOrNil()) }
    mutating func date() throws -> Date { try columns.required(next, dateOrNil()) }
    mutating func bool() throws -> Bool { try columns.required(next, boolOrNil()) }
    mutating func uuid() throws -> UUID { try columns.required(next, uuidOrNil()) }

    /// The next column, read by `read` from the row at its place. The row is handed to `read`,
    /// not captured: a method of `row` handed on as a closure (`row.int64OrNil(at:)`) copied the
    /// row, retaining its storage, for every column (a seventh of the feed's CPU on PostgreSQL).
    private mutating func take<T>(_ read: (Row, Int) throws -> T?) throws -> T? {
        let index = next
        next += 1
        do { return try read(row, columns.positions[index]) } catch { throw columns.naming(index, error) }
    }
}

enum TypedSQLRowError: Error, Equatable, CustomStringConvertible {
    case noColumn(String)
    case null(String)
    /// A value of another type than asked, before the reader names its column.
    case mismatch(value: String, type: String)
    case typeMismatch(String, String, String)

    var description: String {
        switch self {
        case .noColumn(let column): "No column \(column) in the row."
        case .null(let column): "Column \(column) is NULL."
        case .mismatch(let value, let type): "A column holds \(value), not \(type)."
        case .typeMismatch(let column, let value, let type): "Column \(column) holds \(value), not \(type)."
        }
    }
}
