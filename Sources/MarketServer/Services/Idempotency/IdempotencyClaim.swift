import Foundation

/// One attempt's hold on an `Idempotency-Key` (`IdempotentRequests.claim`). While a request
/// runs under it (`current`), each write transaction it commits also marks the key applied, in
/// that same transaction (`WriteTransactions`): the writes and the mark commit together or not
/// at all, so a repeat after a lost answer can tell whether the writes happened, and never makes
/// them twice. A transaction whose attempt lost the key (another took it over) is undone.
struct IdempotencyClaim: Sendable, Equatable {
    let userID: UUID
    let key: String
    /// This attempt's token: a repeat that takes over a key abandoned mid-way gets a new one.
    let token: UUID
    let claimedAt: Date

    /// The claim the running request holds, if it was sent with a key.
    @TaskLocal static var current: IdempotencyClaim?
}
