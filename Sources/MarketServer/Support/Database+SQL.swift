import Fluent
import SQLKit

/// Both drivers are SQL databases; raw SQL (search, locks, sums) goes through SQLKit.
extension Database {
    var isPostgres: Bool { (self as! any SQLDatabase).dialect.name == "postgresql" }
    var sql: any SQLDatabase { self as! any SQLDatabase }
}
