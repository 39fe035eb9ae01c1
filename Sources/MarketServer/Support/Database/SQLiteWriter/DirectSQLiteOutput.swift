import FluentKit
import SQLKit
import SQLiteKit
import VaporCSQLite

/// A row as Fluent reads a model from it: with a schema set (a joined model's fields), each
/// field's column is `schema_field`, as in fluent-sqlite-driver.
struct DirectSQLiteOutput: DatabaseOutput {
    let row: DirectSQLiteRow
    var prefix: String?

    var description: String { "\(row.allColumns)" }

    func schema(_ schema: String) -> any DatabaseOutput { DirectSQLiteOutput(row: row, prefix: schema) }

    func contains(_ key: FieldKey) -> Bool { row.contains(column: column(key)) }

    func decodeNil(_ key: FieldKey) throws -> Bool { try row.decodeNil(column: column(key)) }

    func decode<T: Decodable>(_ key: FieldKey, as type: T.Type) throws -> T { try row.decode(column: column(key), as: T.self) }

    private func column(_ key: FieldKey) -> String {
        (prefix.map { FieldKey.prefix(.prefix(.string($0), "_"), key) } ?? key).description
    }
}
