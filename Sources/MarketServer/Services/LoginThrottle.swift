import Fluent
import Foundation
import Vapor

/// How many failed sign-ins are allowed before the throttle answers 429.
public struct LoginThrottlePolicy: Sendable {
    public var maxFailuresPerAccount = 5
    /// Higher than per account: a campus puts many students behind few addresses.
    public var maxFailuresPerAddress = 50
    public var window: TimeInterval = 15 * 60

    public init() {}
}

/// Counts recent failures per account and per client address in the database (shared by all
/// instances, kept across restarts) and refuses attempts past the policy's limits.
struct LoginThrottle {
    let database: any Database
    let policy: LoginThrottlePolicy
    let now: Date

    /// Throws 429 with `Retry-After` when either limit is reached. Same words whether or not
    /// the account exists.
    func check(accountKey: String, clientAddress: String) async throws {
        let waits = try await [
            wait(\.$accountKey, accountKey, limit: policy.maxFailuresPerAccount),
            wait(\.$clientAddress, clientAddress, limit: policy.maxFailuresPerAddress),
        ].compactMap { $0 }
        guard let seconds = waits.max() else { return }
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        throw APIError(.tooManyRequests, code: "too_many_attempts",
                       message: "Too many sign-in attempts. Try again in \(minutes) minute\(minutes == 1 ? "" : "s").",
                       headers: ["Retry-After": String(Int(seconds.rounded(.up)))])
    }

    func recordFailure(accountKey: String, clientAddress: String) async throws {
        try await LoginFailure(accountKey: accountKey, clientAddress: clientAddress, failedAt: now).create(on: database)
        // Old rows no longer count for anything; pruning here keeps the table small without a job.
        try await LoginFailure.query(on: database).filter(\.$failedAt < now.addingTimeInterval(-policy.window)).delete()
    }

    /// A successful sign-in forgives the account's earlier failures (not the address's).
    func clear(accountKey: String) async throws {
        try await LoginFailure.query(on: database).filter(\.$accountKey == accountKey).delete()
    }

    /// Seconds until the `limit`-th most recent failure leaves the window (then fewer than
    /// `limit` remain), or nil when fewer than `limit` failures are in the window now.
    private func wait(_ key: KeyPath<LoginFailure, FieldProperty<LoginFailure, String>>, _ value: String, limit: Int) async throws -> TimeInterval? {
        let windowStart = now.addingTimeInterval(-policy.window)
        guard let pivot = try await LoginFailure.query(on: database)
            .filter(key == value)
            .filter(\.$failedAt > windowStart)
            .sort(\.$failedAt, .descending)
            .range((limit - 1)..<limit)
            .first()
        else { return nil }
        // Clamped: stored times can come back a hair later than written.
        return min(policy.window, max(1, pivot.failedAt.timeIntervalSince(windowStart)))
    }
}
