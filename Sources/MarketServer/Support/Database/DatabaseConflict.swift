import FluentPostgresDriver
import FluentSQLiteDriver

/// Recognises the errors the database raises when one of its guarantees stops a write
/// (the one-live-sale unique index, the no-overlap exclusion constraint), so a lost race
/// becomes a 409 for the client instead of a 500.
enum DatabaseConflict {
    static func isConflict(_ error: any Error) -> Bool {
        if let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] {
            return state == "23505" || state == "23P01"  // unique_violation, exclusion_violation
        }
        if let error = error as? SQLiteError {
            return error.reason == .constraintUniqueFailed || error.reason == .constraint
        }
        if let error = error as? DirectSQLiteError {  // a write batch's (`SQLiteWriter`)
            return error.isConstraintFailure
        }
        return false
    }

    /// PostgreSQL aborted the transaction to break a deadlock or a serialization conflict:
    /// running it again is safe and usually succeeds.
    static func isRetryable(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }
}
