import Fluent
import SQLKit

extension SchemaBuilder {
    /// An integer physical key the database assigns (`seq`): it orders "newest first" and keys
    /// cursors, while the UUID `id` is what the API shows. The UUID gets a unique index.
    func sequenceKey(on database: any Database, uniqueIDName: String) -> SchemaBuilder {
        let isPostgres = database.sql.dialect.name == "postgresql"
        return self
            .field("seq", .custom(isPostgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"))
            .field("id", .uuid, .required)
            .unique(on: "id", name: uniqueIDName)
    }
}
