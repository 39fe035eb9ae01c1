import Fluent
import SQLKit

/// A model that a hot path (or the seeder) writes with a hand-written INSERT instead of Fluent's
/// `create`, which reflects over every property first. Its INSERT's columns are listed here and
/// nowhere else, and `HandWrittenInsertTests` checks that the list and `notInserted` together name
/// every field of the model: a new `@Field` cannot be left out of the INSERT silently.
protocol HandInserted: Model {
    /// The INSERT's columns; its values are written in this order.
    static var insertColumns: [String] { get }
    /// Fields the INSERT leaves out on purpose (the database fills them, or they are set later).
    static var notInserted: Set<String> { get }
}

extension HandInserted {
    static var notInserted: Set<String> { [] }

    /// `INSERT INTO table (columns)`, for a statement to add `VALUES …` to.
    static var insertHead: SQLQueryString {
        "INSERT INTO \(ident: schema) (\(unsafeRaw: insertColumns.joined(separator: ", ")))"
    }
}
