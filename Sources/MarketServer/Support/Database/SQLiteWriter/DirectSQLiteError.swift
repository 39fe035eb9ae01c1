import FluentKit
import VaporCSQLite

/// An error SQLite returned to `DirectSQLiteConnection`: its result code and message.
struct DirectSQLiteError: Error, CustomStringConvertible, DatabaseError {
    /// SQLite's result code; extended codes keep the primary one in their low byte.
    let code: Int32
    let message: String

    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    init(code: Int32, handle: OpaquePointer?) {
        self.code = code
        message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite_nio_sqlite3_errstr(code))
    }

    /// A call SQLite was not asked properly (no connection, no statement, the wrong place).
    static func misuse(_ message: String) -> DirectSQLiteError { DirectSQLiteError(code: SQLITE_MISUSE, message: message) }

    var description: String { "SQLite error \(code): \(message)" }

    /// A constraint stopped the write: a unique index, a trigger's RAISE, a foreign key, a check.
    var isConstraintFailure: Bool { code & 0xff == SQLITE_CONSTRAINT }
    var isSyntaxError: Bool { code & 0xff == SQLITE_ERROR && message.contains("syntax error") }
    var isConnectionClosed: Bool { code == SQLITE_MISUSE }
}
