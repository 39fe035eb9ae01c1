/// How a statement writes text made of other values, where the databases differ: PostgreSQL
/// joins only text (a UUID or a number is cast first) and names its aggregate `string_agg`;
/// SQLite turns any value into text by itself and names it `group_concat`.
struct SQLTextSyntax {
    let isPostgres: Bool

    /// `expression` as text.
    func text(_ expression: String) -> String {
        isPostgres ? "CAST(\(expression) AS TEXT)" : expression
    }

    /// The name of the aggregate that joins a group's texts with a separator.
    var joined: String { isPostgres ? "string_agg" : "group_concat" }
}
