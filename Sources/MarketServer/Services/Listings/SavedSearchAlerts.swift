import Fluent
import Foundation
import MarketCore
import SQLKit
import Vapor

/// Tells the owner of each saved search a listing now matches, once per search and listing.
/// Not the seller's own searches, nor those of a suspended account, nor across a block either way.
///
/// The listing's transaction only queues it (`queue`); `SavedSearchMatcher` matches it a moment
/// later. A popular word can match thousands of searches, and telling thousands of people is
/// work no seller should wait for: the request costs one queue row however many match.
struct SavedSearchAlerts {
    let notifier: Notifier
    let now: Date
    /// Woken after a listing is queued (its tick finds one committed after the wake-up).
    var matcher: SavedSearchMatcher?

    /// Matched searches told per transaction: a listing that matches more is finished in further
    /// rounds, so no one transaction holds SQLite's writer for long.
    static let chunk = 200

    func queue(_ listing: ListingRecord, in tx: WriteTransaction) async throws {
        guard ListingStatus(rawValue: listing.status) == .active else { return }
        try await tx.sql.raw("""
            INSERT INTO saved_search_queue (listing_id, queued_at) VALUES (\(bind: try listing.requireID()), \(bind: now))
            ON CONFLICT (listing_id) DO NOTHING
            """).run()
        matcher?.wake()
    }

    /// Tells up to `chunk` owners about the listing; answers whether more may match (call again).
    func tell(about listing: ListingRecord, in tx: WriteTransaction) async throws -> Bool {
        guard ListingStatus(rawValue: listing.status) == .active else { return false }
        let listingID = try listing.requireID()
        let categories = ListingCategory.from(mask: listing.categoryMask)
        guard let condition = ListingCondition(rawValue: listing.condition) else { return false }
        // Every word of the listing (a search's are at most 8; a listing's are not cut).
        let text = [listing.title, listing.description, listing.author ?? "", listing.isbn ?? "", listing.courseCode ?? ""].joined(separator: " ")
        let words = Set(SavedSearchQuery.words(of: text, limit: 200))
        var offers: [OfferKind] = []
        if listing.salePriceCents != nil { offers.append(.buy) }
        if listing.rentPriceCents != nil { offers.append(.rent) }
        if listing.openToTrade { offers.append(.trade) }
        let probes = SavedSearchTerms.probes(words: words, categories: categories, condition: condition, offers: offers)
        let sellerID = listing.$seller.id
        // The candidates: searches sharing a term, whose owner may hear of this seller's listing,
        // not yet told of it.
        let rows = try await tx.sql.raw("""
            SELECT DISTINCT s.id, s.user_id, s.name, s.query, s.created_at FROM saved_search_terms t
            JOIN saved_searches s ON s.id = t.saved_search_id JOIN users u ON u.id = s.user_id
            WHERE t.term IN (\(binds: probes)) AND s.user_id <> \(bind: sellerID) AND u.suspended_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = s.user_id AND b.blocked_id = \(bind: sellerID))
                                                            OR (b.blocker_id = \(bind: sellerID) AND b.blocked_id = s.user_id))
              AND NOT EXISTS (SELECT 1 FROM saved_search_hits h WHERE h.saved_search_id = s.id AND h.listing_id = \(bind: listingID))
            """).all()
        var matched: [(search: SavedSearch, owner: UUID)] = []
        for row in rows {
            let search = try SavedSearches.search(row)
            guard search.query.matches(words: words, categories: categories, condition: condition,
                                       salePriceCents: listing.salePriceCents.map(Int.init), rentPriceCents: listing.rentPriceCents.map(Int.init),
                                       openToTrade: listing.openToTrade) else { continue }
            matched.append((search, try row.decode(column: "user_id", as: UUID.self)))
            if matched.count == Self.chunk { break }
        }
        guard !matched.isEmpty else { return false }
        // The hits first, in one statement: a search another instance told meanwhile is not
        // returned, so nobody hears twice.
        let values = matched.map { "(\(bind: $0.search.id), \(bind: listingID))" as SQLQueryString }
        let told = Set(try await tx.sql.raw("""
            INSERT INTO saved_search_hits (saved_search_id, listing_id) VALUES \(values.joined(separator: ", "))
            ON CONFLICT DO NOTHING RETURNING saved_search_id
            """).all(decodingColumn: "saved_search_id", as: UUID.self))
        // One notification per owner, however many of their searches match.
        var owners = Set<UUID>()
        let notifications = matched.filter { told.contains($0.search.id) && owners.insert($0.owner).inserted }.map { match in
            OutgoingNotification(userID: match.owner, kind: .savedSearchMatched,
                                 message: "“\(listing.title)” matches your saved search \(match.search.name).", listingID: listingID)
        }
        try await notifier.send(notifications, in: tx)
        return matched.count == Self.chunk
    }
}

/// Matches queued listings against the saved searches (`SavedSearchAlerts`) in the background,
/// on every instance: each round takes the oldest queued listing, tells a chunk of its matches
/// in one transaction, and drops it from the queue once none is left. Two instances on one
/// listing tell nobody twice (the hits' primary key).
final class SavedSearchMatcher: LifecycleHandler, Sendable {
    private let loop = WakeableLoop(interval: 1)

    func wake() { loop.wake() }

    func didBoot(_ app: Application) throws {
        loop.start { [weak app] in
            guard let app else { return false }
            do {
                try await Self.matchQueued(app.domainServices())
            } catch {
                app.logger.warning("saved-search matching failed: \(String(describing: error))")
            }
            return true
        }
    }

    func shutdown(_ app: Application) { loop.stop() }

    func shutdownAsync(_ app: Application) async { await loop.stopWaiting() }

    /// Matches every queued listing; tests call it to see the result at once.
    static func matchQueued(_ services: DomainServices) async throws {
        let alerts = SavedSearchAlerts(notifier: services.notifier, now: services.now)
        while !Task.isCancelled {
            guard let listingID = try await services.database.sql.raw("SELECT listing_id FROM saved_search_queue ORDER BY queued_at LIMIT 1")
                .first(decodingColumn: "listing_id", as: UUID.self) else { return }
            try await services.writes.run { tx in
                guard let listing = try await ListingRecord.find(listingID, on: tx.db), try await alerts.tell(about: listing, in: tx) else {
                    try await tx.sql.raw("DELETE FROM saved_search_queue WHERE listing_id = \(bind: listingID)").run()
                    return
                }
            }
        }
    }
}

extension Application {
    private struct SavedSearchMatcherKey: StorageKey { typealias Value = SavedSearchMatcher }

    /// Set by `configure`.
    var savedSearchMatcher: SavedSearchMatcher? {
        get { storage[SavedSearchMatcherKey.self] }
        set { storage[SavedSearchMatcherKey.self] = newValue }
    }
}
