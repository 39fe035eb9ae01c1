import Foundation
import SQLKit

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
