import Foundation
#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// One SQLite database file, for the SDK's ``LocalStore``: statements with bound values, rows
/// as ``SQLiteValue``s, one caller at a time (a lock; the store's statements are short).
///
/// SQLite directly rather than a library over it: the store needs a dozen statements, Apple
/// platforms carry SQLite, Debian's `libsqlite3-dev` gives the same on Linux, and an app that
/// imports MarketClient carries nothing more (docs/sdk.md, "Offline").
final class SQLiteFile: @unchecked Sendable {
    private var handle: OpaquePointer?
    private let lock = NSLock()
    let path: String

    init(path: String) throws {
        self.path = path
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            handle = nil
            throw SQLiteError(message: "could not open \(path): \(message)")
        }
        // Another process (a second `market` command) may write at the same moment: wait for it.
        sqlite3_busy_timeout(handle, 5_000)
    }

    deinit { sqlite3_close(handle) }

    /// Runs `sql` with `values` bound to its `?`s, answering every row.
    @discardableResult
    func rows(_ sql: String, _ values: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        try lock.withLock {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw lastError(sql) }
            defer { sqlite3_finalize(statement) }
            for (index, value) in values.enumerated() { value.bind(to: statement, at: Int32(index + 1)) }
            var rows: [[SQLiteValue]] = []
            while true {
                switch sqlite3_step(statement) {
                case SQLITE_ROW:
                    rows.append((0..<sqlite3_column_count(statement)).map { SQLiteValue(statement, column: $0) })
                case SQLITE_DONE:
                    return rows
                default:
                    throw lastError(sql)
                }
            }
        }
    }

    /// Runs statements that take no values (a schema's), separated by semicolons.
    func execute(_ sql: String) throws {
        try lock.withLock {
            guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw lastError(sql) }
        }
    }

    /// Rows changed by the last statement.
    var changes: Int { lock.withLock { Int(sqlite3_changes(handle)) } }

    private func lastError(_ sql: String) -> SQLiteError {
        SQLiteError(message: "\(String(cString: sqlite3_errmsg(handle))) in \(sql.prefix(80))")
    }
}

struct SQLiteError: Error, CustomStringConvertible {
    let message: String
    var description: String { "local store: \(message)" }
}
