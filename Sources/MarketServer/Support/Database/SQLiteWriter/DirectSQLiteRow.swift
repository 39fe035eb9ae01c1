import FluentKit
import SQLKit
import SQLiteKit
import VaporCSQLite

/// A row of `DirectSQLiteConnection`, read the way sqlite-kit reads its rows.
struct DirectSQLiteRow: SQLRow, Sendable {
    /// A statement's column names and where each is, shared by all its rows.
    final class Columns: Sendable {
        let names: [String]
        let indexes: [String: Int]
        var count: Int { names.count }

        init(statement: OpaquePointer) {
            let count = Int(sqlite_nio_sqlite3_column_count(statement))
            names = (0..<count).map { String(cString: sqlite_nio_sqlite3_column_name(statement, Int32($0))) }
            // The first of two columns of one name wins, as in sqlite-nio.
            indexes = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    let columns: Columns
    let values: [SQLiteData]
    private static let decoder = SQLiteDataDecoder()

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.indexes[column] != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.indexes[column] else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = columns.indexes[column] else {
            throw DecodingError.keyNotFound(SomeCodingKey(stringValue: column), .init(codingPath: [], debugDescription: "No column \(column) in the row."))
        }
        return try Self.decoder.decode(D.self, from: values[index])
    }
}
