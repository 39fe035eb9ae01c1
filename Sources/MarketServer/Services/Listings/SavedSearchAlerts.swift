import Fluent
import Foundation
import MarketCore
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// Tells the owner of each saved search a listing now matches, once per search and listing.
/// Not the seller's own searches, nor those of a suspended account, nor across a block either way,
/// nor (a listing its seller shows only on their campus) of anyone who may not see it.
///
/// The listing's transaction only queues it (`queue`); `SavedSearchMatcher` matches it a moment
/// later. A popular word can match thousands of searches, and telling thousands of people is
/// work no seller should wait for: the request costs one queue row however many match.
struct SavedSearchAlerts {
    let notifier: Notifier
    let now: Date
    /// Woken after a listing is queued (its tick finds one committed after the wake-up).
    var matcher: JobRunner?

    /// Owners told per write transaction: a listing that matches more is told in further
    /// transactions, so none holds SQLite's writer for long. On SQLite each rides in a batch of
    /// requests' writes (`WriteTransactions.runInBackground`), which then commit after it: about
    /// 0.1 ms an owner here (the hit, the notification, its live event and mail).
    static let chunk = 5

    func queue(_ listing: ListingRecord, in tx: WriteTransaction) async throws {
        guard ListingStatus(rawValue: listing.status) == .active else { return }
        try await Self.enqueue(try listing.requireID(), at: now, on: tx.db)
        matcher?.wake()
    }

    /// A search a listing matches, and whom to tell.
    typealias Match = (search: SavedSearch, owner: UUID)

    /// Every search the listing matches whose owner was not told of it yet, one per owner. Only
    /// reads, once per listing: it runs beside the writer (SQLite's readers do not wait for it),
    /// and the write transactions that tell them hold the writer only for the writing.
    func matches(of listing: ListingRecord, trust: TrustPolicy, on database: any Database) async throws -> [Match] {
        guard ListingStatus(rawValue: listing.status) == .active else { return [] }
        let listingID = try listing.requireID()
        let categories = ListingCategory.from(mask: listing.categoryMask)
        guard let condition = ListingCondition(rawValue: listing.condition) else { return [] }
        // Every word of the listing (a search's are at most 8; a listing's are not cut).
        let text = [listing.title, listing.description, listing.author ?? "", listing.isbn ?? "", listing.courseCode ?? ""].joined(separator: " ")
        let stems = SearchWordRule.stems(of: SearchWords.of(text, limit: 200), spanish: [listing.titleStems, listing.descriptionStems])
        var offers: [OfferKind] = []
        if listing.salePriceCents != nil { offers.append(.buy) }
        if listing.rentPriceCents != nil { offers.append(.rent) }
        if listing.openToTrade { offers.append(.trade) }
        let sellerID = listing.$seller.id
        let probes = SavedSearchTerms.probes(stems: stems, seller: sellerID, categories: categories, condition: condition, offers: offers)
        // The candidates: searches indexed under a term the listing has (one column of the
        // terms' primary key), checked against their query, kept in memory once read.
        let candidates = try await Self.searches(indexedUnder: probes, on: database)
        let queries = try await SavedSearchQueryCache.shared.queries(of: candidates, on: database.sql)
        let matching = candidates.filter { id in
            guard let entry = queries[id] else { return false }  // deleted meanwhile
            return entry.wordRule.matches(stems: stems)
                && entry.query.matchesFilters(categories: categories, condition: condition, salePriceCents: listing.salePriceCents.map(Int.init),
                                              rentPriceCents: listing.rentPriceCents.map(Int.init), openToTrade: listing.openToTrade,
                                              seller: sellerID, campus: listing.campus)
        }
        guard !matching.isEmpty else { return [] }
        // Of those, the ones whose owner may hear of this seller's listing and was not told of it
        // yet, through this search or another.
        var owners = Set<UUID>()
        var matched: [Match] = []
        for batch in stride(from: 0, to: matching.count, by: 500).map({ Array(matching[$0..<min($0 + 500, matching.count)]) }) {
            let rows = try await Self.ownerRows(of: batch, mayHearOf: sellerID, on: database)
            let told = try await Self.ownersTold(of: listingID, among: Set(try rows.map { try $0.decode(column: "user_id", as: UUID.self) }),
                                                 on: database.sql)
            for row in rows {
                let owner = try row.decode(column: "user_id", as: UUID.self)
                let id = try row.decode(column: "id", as: UUID.self)
                guard !told.contains(owner), let query = queries[id]?.query, try mayTell(row, of: listing, trust: trust),
                      owners.insert(owner).inserted else { continue }
                matched.append((try SavedSearches.search(row, query: query), owner))
            }
        }
        return matched
    }

    /// Whether the owner read in `row` may see the listing: `ListingVisibility`'s campus rule
    /// (the listing is active, and the seller's own searches are left out already).
    private func mayTell(_ row: any SQLRow, of listing: ListingRecord, trust: TrustPolicy) throws -> Bool {
        let owner = UserRecord()
        owner.email = try row.decode(column: "email", as: String.self)
        owner.campusEmail = try row.decode(column: "campus_email", as: String?.self)
        owner.campusVerifiedAt = try row.decode(column: "campus_verified_at", as: Date?.self)
        owner.rolesText = try row.decode(column: "roles", as: String?.self)
        return owner.isModerator || !ListingVisibility.isOutside(owner, ofCampusOnly: listing.campusOnly, campus: listing.campus, trust: trust)
    }

    /// Tells the owners of `matched` (from `matches`) about the listing.
    func tell(_ matched: [Match], about listing: ListingRecord, in tx: WriteTransaction) async throws {
        guard !matched.isEmpty else { return }
        let listingID = try listing.requireID()
        // The hits first, in one statement: a search another instance told meanwhile is not
        // returned, so nobody hears twice.
        let told = try await Self.recordHits(of: matched.map(\.search.id), for: listingID, on: tx.db)
        guard !told.isEmpty else { return }
        // One notification per owner, however many of their searches match, in this batch or
        // an earlier one (told through a search not in this batch).
        let toldBefore = try await Self.ownersTold(of: listingID, among: Set(matched.map(\.owner)), excluding: told, on: tx.sql)
        var owners = toldBefore
        let notifications = matched.filter { told.contains($0.search.id) && owners.insert($0.owner).inserted }.map { match in
            OutgoingNotification(userID: match.owner, kind: .savedSearchMatched,
                                 message: "“\(listing.title)” matches your saved search \(match.search.name).", listingID: listingID)
        }
        try await notifier.send(notifications, in: tx)
    }
}
