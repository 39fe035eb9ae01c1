import Fluent
import Foundation
import SQLKit

/// Counts attempts per account and client address, per account, and per client address, in the
/// database (shared by all instances, kept across restarts). An attempt is reserved *before* the password is checked —
/// counted and written in one transaction under a lock on its keys — and kept as a failure
/// unless it succeeds. So however many instances race, no more than the limit of guesses is
/// ever checked in a window.
struct LoginThrottle {
    let database: any Database
    let policy: LoginThrottlePolicy
    let now: Date

    /// The reserved attempt; `succeeded` forgives it, otherwise it stays as a failure.
    struct Attempt {
        let accountKey: String
    }

    /// Reserves one attempt, or throws `tooManyAttempts` with the wait when a limit is reached,
    /// naming `what` was tried too often. Same words whether or not the account exists.
    func begin(accountKey: String, clientAddress: String, of what: String = "sign-in attempts") async throws -> Attempt {
        let windowStart = now.addingTimeInterval(-policy.window)
        try await database.tracedTransaction { db in
            try await lock(accountKey: accountKey, clientAddress: clientAddress, on: db)
            // Old rows no longer count for anything; pruning here keeps the table small without a job.
            try await LoginFailureRecord.query(on: db).filter(\.$failedAt <= windowStart).delete()
            let waits = try await [
                wait(LoginFailureRecord.query(on: db).filter(\.$accountKey == accountKey).filter(\.$clientAddress == clientAddress),
                     limit: policy.maxFailuresPerAccount),
                wait(LoginFailureRecord.query(on: db).filter(\.$accountKey == accountKey), limit: policy.maxFailuresPerAccountFromAnywhere),
                wait(LoginFailureRecord.query(on: db).filter(\.$clientAddress == clientAddress), limit: policy.maxFailuresPerAddress),
            ].compactMap { $0 }
            if let seconds = waits.max() { throw APIError.tooManyAttempts(retryAfter: seconds, of: what) }
            try await LoginFailureRecord(accountKey: accountKey, clientAddress: clientAddress, failedAt: now).create(on: db)
        }
        return Attempt(accountKey: accountKey)
    }

    /// A successful sign-in forgives this attempt and the account's earlier failures (not the
    /// address's other accounts').
    func succeeded(_ attempt: Attempt) async throws {
        try await clear(accountKey: attempt.accountKey)
    }

    func clear(accountKey: String) async throws {
        try await LoginFailureRecord.query(on: database).filter(\.$accountKey == accountKey).delete()
    }

    /// Serialises attempts on the same account or address (`TransactionLock`): the account's lock
    /// before the address's, so two attempts never wait on each other in a cycle.
    private func lock(accountKey: String, clientAddress: String, on db: any Database) async throws {
        try await TransactionLock.loginAccount.take(accountKey, on: db)
        try await TransactionLock.loginAddress.take(clientAddress, on: db)
    }

    /// Seconds until the `limit`-th most recent attempt leaves the window (then fewer than
    /// `limit` remain), or nil when fewer than `limit` attempts are in the window now.
    private func wait(_ attempts: QueryBuilder<LoginFailureRecord>, limit: Int) async throws -> TimeInterval? {
        let windowStart = now.addingTimeInterval(-policy.window)
        guard let pivot = try await attempts
            .filter(\.$failedAt > windowStart)
            .sort(\.$failedAt, .descending)
            .range((limit - 1)..<limit)
            .first()
        else { return nil }
        // Clamped: stored times can come back a hair later than written.
        return min(policy.window, max(1, pivot.failedAt.timeIntervalSince(windowStart)))
    }
}
