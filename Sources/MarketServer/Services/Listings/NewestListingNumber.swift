import NIOConcurrencyHelpers
import Vapor

/// The number past the newest listing, where a PostgreSQL text search's first walk window starts
/// (`ListingSearch.windowEdge`), kept by each instance for up to a second rather than read by
/// every search: that read was one of a filtered search's seven round trips at 1M listings.
///
/// A number a second old is as good as a fresh one: the first window is bounded below only (the
/// listings from `top - size` up), so listings added since are still walked, the window simply
/// holding them too. Time here is the machine's monotonic clock, not a request's "now": how old
/// the number is matters, not what the clock of the market says.
final class NewestListingNumber: Sendable {
    let lifetime: Duration
    private let kept = NIOLockedValueBox<(top: Int64, readAt: ContinuousClock.Instant)?>(nil)

    init(lifetime: Duration = .seconds(1)) { self.lifetime = lifetime }

    /// The kept number while it is younger than `lifetime`; otherwise `read`'s, kept.
    func top(read: () async throws -> Int64?) async throws -> Int64? {
        let now = ContinuousClock.now
        if let kept = kept.withLockedValue({ $0 }), now - kept.readAt < lifetime { return kept.top }
        guard let top = try await read() else { return nil }
        kept.withLockedValue { $0 = (top, now) }
        return top
    }
}

extension Application {
    private struct NewestListingNumberKey: StorageKey { typealias Value = NewestListingNumber }

    /// Set by `configure` on PostgreSQL only (SQLite's searches walk no windows).
    var newestListingNumber: NewestListingNumber? {
        get { storage[NewestListingNumberKey.self] }
        set { storage[NewestListingNumberKey.self] = newValue }
    }
}
