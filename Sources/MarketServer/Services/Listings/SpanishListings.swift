import NIOConcurrencyHelpers
import SQLKit
import MarketCore
import Vapor

/// Whether any listing is written in Spanish, as each instance knows it: while none is, a search
/// asks no Spanish stems (`SpanishTerms.searched`), since each word's second form cost an
/// English-only campus 7–37% more server time a text search (`bench/ab.sh`: `q=oak des` 0.54 →
/// 0.74 ms). "None" is read again once a second (`ix_listings_spanish` holds only Spanish
/// listings, so the read is one index probe); "some" is kept, and an instance that saves a Spanish
/// listing knows at once (`noteOne`). Another instance may search a second without the first
/// Spanish listing's stems, finding it by its words as written.
final class SpanishListings: Sendable {
    private let kept = NIOLockedValueBox<(some: Bool, readAt: ContinuousClock.Instant)?>(nil)

    /// Whether a Spanish listing exists, read on `sql` when what is kept is "none" and a second old.
    func exist(on sql: any SQLDatabase) async throws -> Bool {
        let now = ContinuousClock.now
        if let kept = kept.withLockedValue({ $0 }), kept.some || now - kept.readAt < .seconds(1) { return kept.some }
        let some = try await sql.raw("SELECT 1 AS one FROM listings WHERE language = 'es' LIMIT 1").first() != nil
        kept.withLockedValue { $0 = (some || $0?.some == true, now) }
        return some
    }

    /// A Spanish listing was saved here.
    func noteOne() {
        kept.withLockedValue { $0 = (true, ContinuousClock.now) }
    }
}

extension ListingRecord {
    /// Itself, once `listings` knows of it if it is in Spanish.
    func noting(in listings: SpanishListings?) -> ListingRecord {
        if language == ListingLanguage.spanish.rawValue { listings?.noteOne() }
        return self
    }
}

extension Application {
    private struct SpanishListingsKey: StorageKey { typealias Value = SpanishListings }

    /// Set by `configure`.
    var spanishListings: SpanishListings? {
        get { storage[SpanishListingsKey.self] }
        set { storage[SpanishListingsKey.self] = newValue }
    }
}
