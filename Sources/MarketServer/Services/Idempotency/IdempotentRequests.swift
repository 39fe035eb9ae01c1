import Crypto
import Fluent
import Foundation
import SQLKit

/// The keys of requests sent with `Idempotency-Key` (docs/api.md, "Sending a write again"): a
/// key is one account's, holds one request (its method, address and body, as a digest), lets
/// one attempt run it at a time, and keeps its answer for a repeat for a day. Every change of a
/// key is one conditional statement, so two instances racing on one key cannot both run it.
struct IdempotentRequests {
    let database: any Database
    let writes: WriteTransactions
    let now: Date

    /// How long an attempt holds a key before a repeat may take it over (if none of its writes
    /// committed): longer than any request runs.
    static let lease: TimeInterval = 60
    /// How long a key and its answer are kept.
    static let retention: TimeInterval = 24 * 3_600
    /// Keys one account may hold at once (a day's writes): each keeps an answer of up to 64 KB,
    /// so one account cannot fill the database by sending keys.
    static let maxPerAccount = 1_000

    /// What a key found when a request asked for it.
    enum Outcome: Sendable, Equatable {
        /// This request runs, under the claim.
        case claimed(IdempotencyClaim)
        /// The request ran before: its answer.
        case answered(IdempotentAnswer)
        /// Another attempt holds the key and is still running.
        case inProgress
        /// The key was used for a different request.
        case mismatch
        /// The request's writes committed, but its answer was not kept (lost with the process
        /// that ran it, or too large to keep).
        case appliedWithoutAnswer
    }

    /// The digest a key's request is known by: its method, its address and its body.
    static func fingerprint(method: String, uri: String, body: Data) -> String {
        var hash = SHA256()
        hash.update(data: Data("\(method) \(uri)\n".utf8))
        hash.update(data: body)
        return hash.finalize().hexString
    }

    /// Claims `key` for this request, or says why it cannot run.
    func claim(_ key: String, of userID: UUID, fingerprint: String) async throws -> Outcome {
        // A key released between the statements below is claimed again on the next turn.
        for _ in 0..<3 {
            let token = UUID()
            if try await Self.insert(key, of: userID, fingerprint: fingerprint, token: token, at: now, on: writes) {
                return .claimed(IdempotencyClaim(userID: userID, key: key, token: token, claimedAt: now))
            }
            guard let held = try await Self.find(key, of: userID, on: database) else {
                // Not inserted and not there: the account holds its limit of keys (or this one was
                // released a moment ago, and the next turn claims it).
                if try await Self.count(of: userID, on: database) >= Self.maxPerAccount { throw APIError.tooManyIdempotencyKeys }
                continue
            }
            guard held.fingerprint == fingerprint else { return .mismatch }
            if let answer = held.answer { return .answered(answer) }
            if held.lockedUntil > now { return .inProgress }
            if held.applied { return .appliedWithoutAnswer }
            // Abandoned before any write committed (its process stopped): this request takes it over.
            if try await Self.takeOver(key, of: userID, from: held.claim, token: token, at: now, on: writes) {
                return .claimed(IdempotencyClaim(userID: userID, key: key, token: token, claimedAt: now))
            }
        }
        return .inProgress
    }

    /// The request ran: its answer is kept for repeats when it can be (`IdempotentAnswer`);
    /// otherwise the key is freed if nothing was written, so a repeat runs it again.
    func finish(_ claim: IdempotencyClaim, answer: IdempotentAnswer?) async throws {
        if let answer {
            try await Self.keep(answer, for: claim, at: now, on: writes)
        } else {
            try await release(claim)
        }
    }

    /// The request failed: if none of its writes committed, the key is freed (a repeat runs it
    /// again); if some did, a repeat is told so at once rather than after the lease.
    func release(_ claim: IdempotencyClaim) async throws {
        try await Self.release(claim, at: now, on: writes)
    }

    /// Forgets keys older than `retention`.
    func sweep() async throws {
        try await Self.delete(before: now.addingTimeInterval(-Self.retention), on: writes)
    }
}
