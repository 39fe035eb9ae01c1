import Foundation
import PostgresKit
import SQLKit

/// A PostgreSQL row read by type through PostgresNIO's own decoders (`TypedSQLRow`); anything
/// else is read as postgres-kit reads it.
struct PostgresTypedRow: TypedSQLRow {
    private let row: PostgresRandomAccessRow
    private let base: any SQLRow

    init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
        base = row.sql()
    }

    var allColumns: [String] { base.allColumns }
    func contains(column: String) -> Bool { row.contains(column) }
    func decodeNil(column: String) throws -> Bool { try base.decodeNil(column: column) }
    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D { try base.decode(column: column, as: D.self) }

    private func value<T: PostgresDecodable>(_ column: String, as type: T.Type) throws -> T? {
        guard row.contains(column) else {
            throw DecodingError.keyNotFound(SomeCodingKey(stringValue: column), .init(codingPath: [], debugDescription: "No column \(column) in the row."))
        }
        let cell = row[column]
        return cell.bytes == nil ? nil : try cell.decode(T.self)
    }

    func int64OrNil(_ column: String) throws -> Int64? { try value(column, as: Int64.self) }
    func stringOrNil(_ column: String) throws -> String? { try value(column, as: String.self) }
    func dateOrNil(_ column: String) throws -> Date? { try value(column, as: Date.self) }
    func boolOrNil(_ column: String) throws -> Bool? { try value(column, as: Bool.self) }
    func uuidOrNil(_ column: String) throws -> UUID? { try value(column, as: UUID.self) }
}
