import Fluent
import SQLKit

/// Both drivers are SQL databases; raw SQL (search, locks, sums) goes through SQLKit, always
/// reached through these two properties, or through `prepared` (`PreparedQuery`) for the
/// statements on hot paths, which PostgreSQL then keeps prepared.
extension Database {
    public var sql: any SQLDatabase {
        let plain = self as! any SQLDatabase
        return OTLPTracer.isOn ? TracedSQLDatabase(base: plain) : plain
    }
    var isPostgres: Bool { sql.dialect.name == "postgresql" }
}
