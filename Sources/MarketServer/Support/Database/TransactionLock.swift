import Fluent
import SQLKit

/// A lock a write transaction takes on one key and holds to its commit, so that two instances
/// never both read a count and then write past it (two sign-in attempts, two messages of one
/// sender), or commit one person's events out of order. What differs between the databases is
/// here, once: PostgreSQL takes a transaction-scoped advisory lock (`pg_advisory_xact_lock(kind,
/// hashtext(key))`); SQLite takes nothing, since its single writer already runs one write
/// transaction at a time. The kinds are numbered here so no two concerns share a lock space.
enum TransactionLock: Int32 {
    /// Sign-in attempts on one account (`LoginThrottle`); taken before `loginAddress`.
    case loginAccount = 1
    /// Sign-in attempts from one address (`LoginThrottle`).
    case loginAddress = 2
    /// One recipient's live events (`EventLog.write`, inside its own statement: `sql(for:)`).
    case eventRecipient = 3
    /// One account's messages and new conversations (`MessageThrottle`).
    case messageSender = 4

    /// Takes the lock on `key` until the transaction on `db` ends.
    func take(_ key: String, on db: any Database) async throws {
        guard db.isPostgres else { return }
        try await db.sql.raw("SELECT pg_advisory_xact_lock(\(unsafeRaw: String(rawValue)), hashtext(\(bind: key)))").run()
    }

    /// PostgreSQL's call taking this kind of lock on the text expression `key`, for a statement
    /// that takes several in one (`EventLog.write`).
    func sql(for key: String) -> SQLQueryString {
        "pg_advisory_xact_lock(\(unsafeRaw: String(rawValue)), hashtext(\(unsafeRaw: key)))"
    }
}
