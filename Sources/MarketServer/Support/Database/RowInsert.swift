import SQLKit

/// One row a transaction inserts at its end (`WriteTransaction.insertAtCommit`), kept as parts so that
/// rows for one table, from many orders in a batch, go to the database as one INSERT.
struct RowInsert: Sendable {
    let table: String
    let columns: [String]
    /// The row's values as a parenthesised list of binds: `(\(bind: a), \(bind: b))`.
    let values: SQLQueryString

    /// One INSERT per table and column list, in the order the rows came.
    static func statements(_ rows: [RowInsert]) -> [SQLQueryString] {
        var groups: [(head: String, values: [SQLQueryString])] = []
        for row in rows {
            let head = "INSERT INTO \(row.table) (\(row.columns.joined(separator: ", "))) VALUES "
            if let index = groups.firstIndex(where: { $0.head == head }) {
                groups[index].values.append(row.values)
            } else {
                groups.append((head, [row.values]))
            }
        }
        return groups.map { "\(unsafeRaw: $0.head)\($0.values.joined(separator: ", "))" }
    }
}
