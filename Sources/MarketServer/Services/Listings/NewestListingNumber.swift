import Vapor

/// The number past the newest listing, where a PostgreSQL text search's first walk window starts
/// (`ListingSearch.windowEdge`), kept by each instance for up to a second rather than read by
/// every search: that read was one of a filtered search's seven round trips at 1M listings.
///
/// A number a second old is as good as a fresh one: the first window is bounded below only (the
/// listings from `top - size` up), so listings added since are still walked, the window simply
/// holding them too. While there is none (nil), the walk has no window to bound.
typealias NewestListingNumber = KeptValue<Int64?>

extension Application {
    private struct NewestListingNumberKey: StorageKey { typealias Value = NewestListingNumber }

    /// Set by `configure` on PostgreSQL only (SQLite's searches walk no windows).
    var newestListingNumber: NewestListingNumber? {
        get { storage[NewestListingNumberKey.self] }
        set { storage[NewestListingNumberKey.self] = newValue }
    }
}
