import Foundation
import SQLKit

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
