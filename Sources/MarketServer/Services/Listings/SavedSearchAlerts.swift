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
    var matcher: SavedSearchMatcher?

    /// Owners told per write transaction: a listing that matches more is told in further
    /// transactions, so none holds SQLite's writer for long. On SQLite each rides in a batch of
    /// requests' writes (`WriteTransactions.runInBackground`), which then commit after it: about
    /// 0.1 ms an owner here (the hit, the notification, its live event and mail).
    static let chunk = 5

    func queue(_ listing: ListingRecord, in tx: WriteTransaction) async throws {
        guard ListingStatus(rawValue: listing.status) == .active else { return }
        try await tx.sql.raw("""
            INSERT INTO saved_search_queue (listing_id, queued_at) VALUES (\(bind: try listing.requireID()), \(bind: now))
            ON CONFLICT (listing_id) DO NOTHING
            """).run()
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
        let stems = SearchWordRule.stems(of: SavedSearchQuery.words(of: text, limit: 200))
        var offers: [OfferKind] = []
        if listing.salePriceCents != nil { offers.append(.buy) }
        if listing.rentPriceCents != nil { offers.append(.rent) }
        if listing.openToTrade { offers.append(.trade) }
        let probes = SavedSearchTerms.probes(stems: stems, categories: categories, condition: condition, offers: offers)
        let sellerID = listing.$seller.id
        // The candidates: searches indexed under a term the listing has (one column of the
        // terms' primary key), checked against their query, kept in memory once read.
        let candidates = try await database.sql.raw("SELECT DISTINCT saved_search_id FROM saved_search_terms WHERE term IN (\(binds: probes))")
            .all(decodingColumn: "saved_search_id", as: UUID.self)
        let queries = try await SavedSearchQueryCache.shared.queries(of: candidates, on: database.sql)
        let matching = candidates.filter { id in
            guard let entry = queries[id] else { return false }  // deleted meanwhile
            return entry.wordRule.matches(stems: stems)
                && entry.query.matchesFilters(categories: categories, condition: condition, salePriceCents: listing.salePriceCents.map(Int.init),
                                              rentPriceCents: listing.rentPriceCents.map(Int.init), openToTrade: listing.openToTrade)
        }
        guard !matching.isEmpty else { return [] }
        // Of those, the ones whose owner may hear of this seller's listing and was not told of it
        // yet, through this search or another.
        var owners = Set<UUID>()
        var matched: [Match] = []
        for batch in stride(from: 0, to: matching.count, by: 500).map({ Array(matching[$0..<min($0 + 500, matching.count)]) }) {
            let rows = try await database.sql.raw("""
                SELECT s.id, s.user_id, s.name, s.created_at, u.email, u.campus_email, u.campus_verified_at, u.roles
                FROM saved_searches s JOIN users u ON u.id = s.user_id
                WHERE s.id IN (\(binds: batch)) AND s.user_id <> \(bind: sellerID) AND u.suspended_at IS NULL
                  AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = s.user_id AND b.blocked_id = \(bind: sellerID))
                                                                OR (b.blocker_id = \(bind: sellerID) AND b.blocked_id = s.user_id))
                """).all()
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

    /// Which of `owners` were told of the listing through any of their searches (but `excluding`):
    /// read from the owners' searches (20 at most each), so it costs the same however many people
    /// a popular listing has told already.
    static func ownersTold(of listingID: UUID, among owners: Set<UUID>, excluding searches: Set<UUID> = [],
                           on sql: any SQLDatabase) async throws -> Set<UUID> {
        guard !owners.isEmpty else { return [] }
        let rows = try await sql.raw("""
            SELECT s.user_id, s.id FROM saved_searches s JOIN saved_search_hits h ON h.saved_search_id = s.id AND h.listing_id = \(bind: listingID)
            WHERE s.user_id IN (\(binds: Array(owners)))
            """).all()
        var told = Set<UUID>()
        for row in rows where !searches.contains(try row.decode(column: "id", as: UUID.self)) {
            told.insert(try row.decode(column: "user_id", as: UUID.self))
        }
        return told
    }

    /// Tells the owners of `matched` (from `matches`) about the listing.
    func tell(_ matched: [Match], about listing: ListingRecord, in tx: WriteTransaction) async throws {
        guard !matched.isEmpty else { return }
        let listingID = try listing.requireID()
        // The hits first, in one statement: a search another instance told meanwhile is not
        // returned, so nobody hears twice.
        let values = matched.map { "(\(bind: $0.search.id), \(bind: listingID))" as SQLQueryString }
        let told = Set(try await tx.sql.raw("""
            INSERT INTO saved_search_hits (saved_search_id, listing_id) VALUES \(values.joined(separator: ", "))
            ON CONFLICT DO NOTHING RETURNING saved_search_id
            """).all(decodingColumn: "saved_search_id", as: UUID.self))
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

/// Saved searches' queries, read once per server: a query never changes once saved (a rename
/// changes only the name; a deleted search is no longer a candidate), so no instance can hold a
/// stale one. Matching a listing against a thousand candidates then costs no JSON decoding.
final class SavedSearchQueryCache: Sendable {
    struct Entry: Sendable {
        let query: SavedSearchQuery
        let wordRule: SearchWordRule
    }

    static let shared = SavedSearchQueryCache()
    /// About 200 bytes each; past this the cache starts again rather than grow.
    static let capacity = 250_000
    private let entries = NIOLockedValueBox<[UUID: Entry]>([:])

    func queries(of ids: [UUID], on sql: any SQLDatabase) async throws -> [UUID: Entry] {
        var found: [UUID: Entry] = [:]
        var missing: [UUID] = []
        entries.withLockedValue { entries in
            for id in ids { if let entry = entries[id] { found[id] = entry } else { missing.append(id) } }
        }
        for batch in stride(from: 0, to: missing.count, by: 500).map({ Array(missing[$0..<min($0 + 500, missing.count)]) }) {
            var read: [UUID: Entry] = [:]
            for row in try await sql.raw("SELECT id, query FROM saved_searches WHERE id IN (\(binds: batch))").all() {
                let query = try JSONDecoder().decode(SavedSearchQuery.self, from: Data(try row.decode(column: "query", as: String.self).utf8))
                read[try row.decode(column: "id", as: UUID.self)] = Entry(query: query, wordRule: SearchWordRule(words: query.words))
            }
            found.merge(read) { first, _ in first }
            entries.withLockedValue { entries in
                if entries.count + read.count > Self.capacity { entries.removeAll(keepingCapacity: true) }
                entries.merge(read) { first, _ in first }
            }
        }
        return found
    }
}

/// Matches queued listings against the saved searches (`SavedSearchAlerts`) in the background,
/// on every instance: each round takes the oldest queued listing, tells a chunk of its matches
/// in one transaction, and drops it from the queue once none is left. Two instances on one
/// listing tell nobody twice (the hits' primary key).
final class SavedSearchMatcher: LifecycleHandler, Sendable {
    private let loop = WakeableLoop(interval: 1)
    /// Where the rounds run, reads included: a thread the scheduler serves after requests'.
    private let thread = BackgroundThread()
    /// On SQLite, a reading connection of the matcher's own, run on its thread: its statements
    /// (lists of every length) would crowd the requests' out of the shared readers' caches.
    private let readers = NIOLockedValueBox<SQLiteReaders?>(nil)

    func wake() { loop.wake() }

    func didBoot(_ app: Application) throws {
        let readers = app.sqliteReaders.map { SQLiteReaders(path: $0.path, maxIdle: 1) }
        self.readers.withLockedValue { $0 = readers }
        loop.start(on: thread.executor) { [weak app] in
            guard let app else { return false }
            do {
                try await Self.matchQueuedGivingWay {
                    let services = app.domainServices()
                    return (services, readers?.database(context: services.database.context) ?? services.database)
                }
            } catch {
                guard !Task.isCancelled else { return false }  // the server is stopping: nothing failed
                app.logger.warning("saved-search matching failed: \(String(describing: error))")
            }
            return true
        }
    }

    func shutdown(_ app: Application) { loop.stop() }

    func shutdownAsync(_ app: Application) async {
        await loop.stopWaiting()
        await readers.withLockedValue { $0 }?.shutdownAsync(app)
        await thread.shutdown()
    }

    /// Matches every queued listing at once (tests call it to see the result).
    static func matchQueued(_ services: DomainServices) async throws {
        while !Task.isCancelled, try await matchNext(services, reading: services.database) {}
    }

    /// Matches queued listings as background work that gives way to requests: its reads run on
    /// a thread the scheduler serves only when requests leave a core idle (`BackgroundThread`);
    /// its writes ride in requests' batches (`WriteTransactions.runInBackground`), one per batch,
    /// and after each it rests as long as that took, so at most about every other batch of
    /// requests carries one. (Measured in docs/benchmarks.md, "Creating a listing beside 100,000
    /// saved searches".)
    static func matchQueuedGivingWay(_ services: @Sendable () -> (DomainServices, reading: any Database)) async throws {
        while !Task.isCancelled {
            let (services, reads) = services()
            guard try await matchNext(services, reading: reads, givingWay: true) else { return }
        }
    }

    /// The oldest queued listings (up to 50), each matched once (reads only), then told in write
    /// transactions of up to `chunk` owners (several listings share one when they match few); a
    /// listing leaves the queue in the transaction that tells its last owners. False when the
    /// queue is empty. A listing left half told (the server stopped) is matched again: its owners
    /// told already are not told twice.
    private static func matchNext(_ services: DomainServices, reading reads: any Database, givingWay: Bool = false) async throws -> Bool {
        let alerts = SavedSearchAlerts(notifier: services.notifier, now: services.now)
        let queued = try await reads.sql.raw("SELECT listing_id FROM saved_search_queue ORDER BY queued_at LIMIT 50")
            .all(decodingColumn: "listing_id", as: UUID.self)
        guard !queued.isEmpty else { return false }
        var steps: [Step] = []
        var owners = 0
        func tell() async throws {
            let done = steps
            let started = ContinuousClock.now
            let body: @Sendable (WriteTransaction) async throws -> Void = { tx in
                for step in done {
                    if let listing = step.listing { try await alerts.tell(step.matched, about: listing, in: tx) }
                    if step.finishes { try await tx.sql.raw("DELETE FROM saved_search_queue WHERE listing_id = \(bind: step.listingID)").run() }
                }
            }
            steps = []
            owners = 0
            guard givingWay else { return try await services.writes.run(body) }
            try await services.writes.runInBackground(body)
            try await Task.sleep(for: ContinuousClock.now - started)
        }
        for listingID in queued {
            let listing = try await ListingRecord.find(listingID, on: reads)
            var rest: ArraySlice<SavedSearchAlerts.Match> = []
            if let listing { rest = try await alerts.matches(of: listing, trust: services.trust, on: reads)[...] }
            repeat {
                let matched = Array(rest.prefix(SavedSearchAlerts.chunk - owners))
                rest = rest.dropFirst(matched.count)
                steps.append(Step(listingID: listingID, listing: listing, matched: matched, finishes: rest.isEmpty))
                owners += matched.count
                if owners >= SavedSearchAlerts.chunk { try await tell() }
            } while !rest.isEmpty
        }
        if !steps.isEmpty { try await tell() }
        return true
    }

    /// Part of one transaction's work: owners to tell of one listing, and whether they are its last.
    private struct Step: Sendable {
        let listingID: UUID
        let listing: ListingRecord?
        let matched: [SavedSearchAlerts.Match]
        let finishes: Bool
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
