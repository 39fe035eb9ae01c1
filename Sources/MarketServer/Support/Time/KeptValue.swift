import NIOConcurrencyHelpers

/// A value an instance reads from the database and keeps for up to `lifetime` rather than reading
/// it for every request, where one read a while ago serves as well as a fresh one (each user says
/// why: `NewestListingNumber`, `ConditionalGet`). Time here is the machine's monotonic clock, not
/// a request's "now": how old the value is matters, not what the market's clock says.
final class KeptValue<Value: Sendable>: Sendable {
    let lifetime: Duration
    private let kept = NIOLockedValueBox<(value: Value, readAt: ContinuousClock.Instant)?>(nil)

    init(lifetime: Duration = .seconds(1)) { self.lifetime = lifetime }

    /// The kept value while it is younger than `lifetime`; otherwise `read`'s, kept.
    func value(read: () async throws -> Value) async throws -> Value {
        if let kept = kept.withLockedValue({ $0 }), ContinuousClock.now - kept.readAt < lifetime { return kept.value }
        return try await fresh(read: read)
    }

    /// `read`'s value, kept from now on: for a caller that needs it fresh.
    func fresh(read: () async throws -> Value) async throws -> Value {
        let now = ContinuousClock.now
        let value = try await read()
        kept.withLockedValue { $0 = (value, now) }
        return value
    }
}
