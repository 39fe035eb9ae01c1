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
