import Foundation
import NIOCore
import SQLiteNIO
// sqlite-nio's copy of SQLite, the one every other connection of the process uses. A second copy
// of the library in one process would break SQLite's file locks (each copy would release the
// other's POSIX locks on close), so this is the only SQLite there may be.
import VaporCSQLite

/// A SQLite connection driven directly, on the thread that calls it. sqlite-nio runs each
/// statement as a job on its thread pool and hands every row and the result back to an event
/// loop: a purchase's ten statements cost some twenty thread switches, about half its time on
/// one connection (docs/benchmarks-history.md, "What is left, and why"). This connection runs a statement
/// where it is called and keeps it prepared for the next time: an UPDATE of `listings` costs
/// about 200 µs to prepare (22 indexes, triggers, a generated column) and 30 to run.
///
/// Not thread-safe (hence unchecked): `SQLiteWriter` uses it from its one thread only, and
/// `SQLiteReaders` lends each to one caller at a time.
final class DirectSQLiteConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    /// Prepared statements by their SQL. Our statements are a few dozen shapes with their
    /// values bound; `maxStatements` bounds the cache all the same.
    private var statements: [String: OpaquePointer] = [:]
    static let maxStatements = 256

    /// Opens the database file (which must exist: the pooled connections made it) the way the
    /// pooled connections are set up: foreign keys on, and a wait for another writer rather
    /// than an error. A connection for reads only refuses any write (`query_only`); `create`
    /// makes the file when there is none.
    init(path: String, busyTimeout: Duration = .seconds(10), readsOnly: Bool = false, create: Bool = false) throws {
        // No mutex of SQLite's around each call: a connection is used by one thread at a time
        // (see the type's comment), and the mutex was 6% of the feed's CPU, taken and released
        // for every column of every row.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0)
        let opened = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard opened == SQLITE_OK else {
            let error = DirectSQLiteError(code: opened, handle: handle)
            sqlite_nio_sqlite3_close(handle)
            handle = nil
            throw error
        }
        sqlite_nio_sqlite3_busy_timeout(handle, Int32(busyTimeout.components.seconds * 1000))
        _ = try run("PRAGMA foreign_keys = ON", binds: [])
        if readsOnly { _ = try run("PRAGMA query_only = ON", binds: []) }
    }

    deinit { close() }

    func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite_nio_sqlite3_close_v2(handle)
        handle = nil
    }

    /// For SQLite calls this type does not wrap (the backup API).
    var rawHandle: OpaquePointer? { handle }

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    var inTransaction: Bool { handle.map { sqlite_nio_sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Runs `sql` with `binds`, returning every row it yields.
    func run(_ sql: String, binds: [SQLiteData]) throws -> [DirectSQLiteRow] {
        let statement = try prepared(sql)
        // Reset, but the values bound are left to be replaced by the next run's (each run binds
        // every parameter): clearing them expires a statement whose plan SQLite ties to a bound
        // value, even only to "is it 0 or 1" (its guess for `x = ?`, SQLite 3.52 on), and it is
        // prepared all over again on its next run. That was every run of the feed's statement,
        // a tenth of the server's CPU on it.
        defer { sqlite_nio_sqlite3_reset(statement) }
        for (index, value) in binds.enumerated() {
            try check(bind(value, at: Int32(index + 1), in: statement))
        }
        var rows: [DirectSQLiteRow] = []
        var columns: DirectSQLiteRow.Columns?
        while true {
            let step = sqlite_nio_sqlite3_step(statement)
            guard step == SQLITE_ROW else {
                try check(step)
                return rows
            }
            let names = columns ?? DirectSQLiteRow.Columns(statement: statement)
            columns = names
            rows.append(DirectSQLiteRow(columns: names, values: (0..<Int32(names.count)).map { value(at: $0, in: statement) }))
        }
    }

    /// How many times SQLite prepared the kept statement of `sql` again since it was first
    /// prepared (nil when none is kept): each should be prepared once per connection.
    func timesPreparedAgain(_ sql: String) -> Int? {
        statements[sql].map { Int(sqlite_nio_sqlite3_stmt_status($0, SQLITE_STMTSTATUS_REPREPARE, 0)) }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        guard let handle else { throw DirectSQLiteError.misuse("The connection is closed.") }
        var statement: OpaquePointer?
        try check(sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil))
        guard let statement else { throw DirectSQLiteError.misuse("No statement in the SQL given.") }
        if statements.count >= Self.maxStatements {
            for old in statements.values { sqlite_nio_sqlite3_finalize(old) }
            statements.removeAll()
        }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let int): sqlite_nio_sqlite3_bind_int64(statement, index, Int64(int))
        case .float(let double): sqlite_nio_sqlite3_bind_double(statement, index, double)
        case .text(let text): sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
        case .blob(let bytes): bytes.withUnsafeReadableBytes {
            sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient)
        }
        case .null: sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    private func value(at column: Int32, in statement: OpaquePointer) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return .null }
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))  // all of it, a NUL too
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            return .blob(buffer)
        default: return .null
        }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
            throw DirectSQLiteError(code: code, handle: handle)
        }
    }
}

/// SQLite's SQLITE_TRANSIENT: it copies a bound value before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension DirectSQLiteConnection {
    /// Replaces this database's content with the database file at `path` (SQLite's online backup
    /// API, in one step): other connections see the new content at their next transaction.
    func copy(from path: String) throws {
        let source = try DirectSQLiteConnection(path: path)
        defer { source.close() }
        guard let backup = sqlite_nio_sqlite3_backup_init(rawHandle, "main", source.rawHandle, "main") else {
            throw DirectSQLiteError(code: sqlite_nio_sqlite3_errcode(rawHandle), handle: rawHandle)
        }
        let stepped = sqlite_nio_sqlite3_backup_step(backup, -1)
        let finished = sqlite_nio_sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            throw DirectSQLiteError(code: stepped == SQLITE_DONE ? finished : stepped, handle: rawHandle)
        }
    }
}
