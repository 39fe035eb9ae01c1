import Foundation
import SQLKit

/// A row whose columns are read by type, for rows read by the thousand (the feed's `ListingRow`):
/// the drivers' `decode(column:as:)` goes through `Decodable`, with a dynamic cast and a
/// protocol-conformance lookup per column; sqlite-kit parses a UUID with `sscanf`, and
/// postgres-kit's translation was a third of the feed's CPU on PostgreSQL. SQLite's reading
/// connections (`DirectSQLiteRow`) and PostgreSQL's statements (`PostgresTypedRow`, through
/// `PreparedQuery`) give these.
protocol TypedSQLRow: SQLRow {
    func int64OrNil(_ column: String) throws -> Int64?
    func stringOrNil(_ column: String) throws -> String?
    func dateOrNil(_ column: String) throws -> Date?
    func boolOrNil(_ column: String) throws -> Bool?
    func uuidOrNil(_ column: String) throws -> UUID?
}

extension TypedSQLRow {
    func int64(_ column: String) throws -> Int64 { try required(column, int64OrNil(column)) }
    func string(_ column: String) throws -> String { try required(column, stringOrNil(column)) }
    func date(_ column: String) throws -> Date { try required(column, dateOrNil(column)) }
    func bool(_ column: String) throws -> Bool { try required(column, boolOrNil(column)) }
    func uuid(_ column: String) throws -> UUID { try required(column, uuidOrNil(column)) }

    private func required<T>(_ column: String, _ value: T?) throws -> T {
        guard let value else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: [SomeCodingKey(stringValue: column)], debugDescription: "Column \(column) is NULL."))
        }
        return value
    }
}
