import Foundation
import PostgresKit
import SQLKit

/// A PostgreSQL row read by type through PostgresNIO's own decoders (`TypedSQLRow`); anything
/// else is read as postgres-kit reads it (made only when asked: most rows never are).
struct PostgresTypedRow: TypedSQLRow {
    private let source: PostgresRow
    private let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        source = row
        self.row = row.makeRandomAccess()
    }

    var allColumns: [String] { columnNames }
    var columnNames: [String] { row.map(\.columnName) }
    func contains(column: String) -> Bool { row.contains(column) }
    func decodeNil(column: String) throws -> Bool { try source.sql().decodeNil(column: column) }
    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D { try source.sql().decode(column: column, as: D.self) }

    private func value<T: PostgresDecodable>(at position: Int, as type: T.Type) throws -> T? {
        let cell = row[position]
        return cell.bytes == nil ? nil : try cell.decode(T.self)
    }

    func int64OrNil(at position: Int) throws -> Int64? { try value(at: position, as: Int64.self) }
    func stringOrNil(at position: Int) throws -> String? { try value(at: position, as: String.self) }
    func dateOrNil(at position: Int) throws -> Date? { try value(at: position, as: Date.self) }
    func boolOrNil(at position: Int) throws -> Bool? { try value(at: position, as: Bool.self) }
    func uuidOrNil(at position: Int) throws -> UUID? { try value(at: position, as: UUID.self) }
}
