import FluentSQL
import Foundation
import MarketCore
import SQLKit

/// The feed and full-text search over listings: reads a page segment by segment, as
/// `SearchPlan` decides (the ranking rule and why it is tiers, not scores, are there). The SQL of
/// each read is in `ListingSearch+Statement.swift`, the probes a plan weighs in
/// `ListingSearch+Probes.swift`, and each database's words in `SearchDialect`.
struct ListingSearch {
    typealias Tier = SearchPlan.Tier
    typealias Segment = SearchPlan.Segment
    typealias Position = SearchPlan.Position
    typealias Stretch = SearchPlan.Stretch

    let sql: any SQLDatabase
    let now: Date
    /// PostgreSQL: the number past the newest listing, kept for a second; nil reads it each page.
    var newestListing: NewestListingNumber?
    /// Whether any listing is in Spanish: while none is, no word is asked as its Spanish stem.
    var spanishListings: SpanishListings?
    /// The thresholds the plan weighs; tests change them to run every kind of read on a few listings.
    var plan = SearchPlan()

    var dialect: SearchDialect { SearchDialect(isPostgres: sql.dialect.name == "postgresql") }

    /// The feed as `viewer` (signed in, or nil) sees it: without the sellers they blocked.
    func page(_ criteria: SearchCriteria, viewer: UUID?) async throws -> (listings: [ListingRow], next: ListingCursor?) {
        var query = criteria
        if let viewer { query.excludedSellers = try await Blocks.blockedIDs(by: viewer, on: sql) }
        let spanish = try await query.text == nil ? true : spanishListings?.exist(on: sql) ?? true
        return try await SpanishTerms.$searched.withValue(spanish) { try await page(query) }
    }

    /// What a page knows of the query's words: what `listing_terms` says of them (PostgreSQL,
    /// looked up once, before a walk of words or once the first window comes up short), the
    /// word whose own listings are walked, and whether that walk was weighed yet.
    private struct Words {
        var looked: QueryWords?
        var walk: ListingTerms?
        var weighed: Bool

        /// The stored words the last token starts, once looked up (`QueryWords.prefix`).
        var prefix: [String]?

        /// Looks the words up unless done; false when one of them is in no listing, and so the
        /// page is empty (`QueryWords.absent`).
        mutating func lookUp(_ tokens: [String], _ lookUp: () async throws -> QueryWords?) async throws -> Bool {
            if looked == nil, let found = try await lookUp() { (looked, prefix) = (found, found.prefix(of: tokens)) }
            return looked?.absent != true
        }
    }

    /// One segment's walk in windows: how many matches the last window held of those asked, its
    /// size, how far the walk went and what it met, and PostgreSQL's estimate once asked.
    private struct WindowWalk {
        var hits: Int
        var asked: Int
        var size: Int
        var walked: Int
        var met: Int
        var estimate: Int?
        /// Matches the walk of every listing expected and met none of, once it gave way to a
        /// word's own listings (`SearchPlan.walkContradicts`).
        var missed = 0.0

        init(hits: Int, asked: Int, size: Int) {
            (self.hits, self.asked, self.size, walked, met) = (hits, asked, size, size, hits)
        }
    }

    func page(_ query: SearchCriteria) async throws -> (listings: [ListingRow], next: ListingCursor?) {
        if let text = query.text, text.isEmpty { return ([], nil) }
        let asOf = query.cursor?.asOf ?? now
        let segments = SearchPlan.segments(for: query)
        // By price a word's listings are walked from the start; newest first, once the feed's own
        // walk comes up short (`termWalk`).
        var words = Words(weighed: query.sort.isByPrice)
        let tokens = query.text?.tokens ?? []
        let lookUp = { try await queryWords(query) }
        if query.sort.isByPrice, dialect.isPostgres, SearchPlan.walksTerms(query) {
            guard try await words.lookUp(tokens, lookUp) else { return ([], nil) }
            words.walk = try await termWalk(query, words: words.looked)
        } else if dialect.isPostgres, let category = SearchPlan.categoryWordIndex(query) {
            // In one category, the category's own entries of the word are walked from the start,
            // in windows: of one word they hold every match, so nothing is weighed or estimated.
            guard try await words.lookUp(tokens, lookUp) else { return ([], nil) }
            words.walk = try await termWalk(query, words: words.looked, category: category)
            words.weighed = words.walk != nil
        }
        var next = query.cursor?.segment ?? 0
        var top: Int64?  // past the newest listing, once read (`windowEdge`)
        // By relevance, the second tier's estimate, asked with the first's: it weighs reading the
        // second tier with the first's rest, and since a tier's estimate does not depend on where
        // its walk is (only a price sort's does), the second tier's own walk needs no other.
        var secondTierEstimate: Int?
        var found: [(listing: ListingRow, segment: Int)] = []
        // Featured segments are cheap (few rows, their own index), so they travel in one round trip
        // with the first regular segment; a later segment is read only when the page is still short.
        reading: while next < segments.count, found.count <= query.limit {
            var last = next
            while last < segments.count - 1, segments[last].featured == true { last += 1 }
            let wanted = query.limit + 1 - found.count
            let start = { (index: Int) in index == query.cursor?.segment ? query.cursor.map { Position(seq: $0.seq, price: $0.price) } : nil }
            let firstWindow = plan.firstWindow(walkingWords: words.walk != nil, byPrice: query.sort.isByPrice)
            // A second tier expected to hold few matches, not read with the first tier's rest, is read whole by them.
            let whole = segments[last] == Segment(featured: false, tier: .secondary) && words.walk == nil
                ? secondTierEstimate.flatMap { plan.readsSecondTierWhole(estimate: $0) ? $0 : nil } : nil
            var window = whole != nil ? nil : try await windowEdge(segments[last], query: query, walk: words.walk, from: start(last), size: firstWindow, top: &top)
            // Until the words are looked up, each read is skipped whole when one of them is in no
            // listing: `q=oak des` at 1M listings walked the 2,000 newest for nothing (1.1 of its 2.1 ms).
            let unlessAbsent = words.looked == nil && looksUpWords(query)
            var branches: [SegmentRead] = []
            for index in next...last {
                var stretch = Stretch(start: start(index), end: index == last ? window : nil)
                if index == last, let whole { (stretch.byMatches, stretch.expecting) = (true, whole) }
                branches.append(try await segmentStatement(segments[index], index: index, query: query, walk: words.walk, prefixWords: words.prefix,
                                                           stretch: stretch, asOf: asOf, limit: wanted, unlessAbsent: unlessAbsent))
            }
            let batch = try await read(branches, sort: query.sort, limit: wanted,
                                       unlessAbsent: unlessAbsent ? (tokens, QueryWords.category(of: query)) : nil)
            found += batch
            // A walk window that held fewer matches than it was asked for is exhausted: the walk
            // goes on over a wider window, until it would pass its reach; then the rest of the
            // segment is read by its matches (by price, those in the price bands left).
            var walk = WindowWalk(hits: batch.filter { $0.segment == last }.count, asked: wanted, size: firstWindow)
            if segments[last].tier == .secondary { walk.estimate = secondTierEstimate }
            let following = SearchPlan.followingTier(segments, after: last)
            var followingRead = false
            // A page weighs a word's walk once, and each segment decides once: a segment whose
            // rest did not ask for it (few matches left) leaves it to the next. `q=calculus tex`'s
            // first tier had few left, and its second read 1,042 matches by the text index for
            // 14 (4.3 ms at 1M listings), where `calculus`'s own listings hold them densely.
            var decided = false
            while let edge = window, found.count <= query.limit, walk.hits < walk.asked {
                walk.asked = query.limit + 1 - found.count
                walk.size = SearchPlan.widened(walk.size, hits: walk.hits, asked: walk.asked)
                // A word no listing has: nothing is left to find, in this segment or any after.
                guard try await words.lookUp(tokens, lookUp) else { break reading }
                let listings = SearchPlan.listingsLeft(past: edge, share: words.walk?.share)
                let observed = SearchPlan.observedMatches(walk.met, walked: walk.walked, of: listings, sort: query.sort)
                // The feed's walk came up short with many matches left: a word's own listings may go on
                // from its edge. When the walk's own rate already says so, PostgreSQL's estimate (a
                // round trip) waits: only a plan without the word's walk needs it.
                let weighWords = { [looked = words.looked, seen = Int(edge.seq) + walk.walked] in
                    try await termWalk(query, words: looked, listings: seen)
                }
                let weighedAlready = words.weighed || decided
                let weighsFirst = plan.weighsWords(left: observed, weighedAlready: weighedAlready)
                var weighs = weighsFirst
                var wordWalk = weighsFirst ? try await weighWords() : nil
                let walksToEnd = SearchPlan.walksCategoryToItsEnd(query, walk: words.walk)
                if wordWalk == nil, walk.estimate == nil, !walksToEnd {
                    if following != nil, let both = try await estimatedMatches(query, firstTierFrom: edge, prefixWords: words.prefix) {
                        (walk.estimate, secondTierEstimate) = (both.first, both.second)
                    } else {
                        walk.estimate = try await estimatedMatches(query, tier: segments[last].tier, from: edge, prefixWords: words.prefix)
                    }
                }
                let estimate = walk.estimate ?? 0
                let left = SearchPlan.matchesLeft(estimate: estimate, met: walk.met, walked: walk.walked, of: listings, sort: query.sort)
                if !weighsFirst, plan.weighsWords(left: left, weighedAlready: weighedAlready) { (wordWalk, weighs) = (try await weighWords(), true) }
                var byMatches = false
                if let wordWalk {
                    if walk.met == 0 { walk.missed += SearchPlan.expectedMet(estimate, walked: walk.walked, of: listings, sort: query.sort) }
                    words.walk = wordWalk
                    (walk.size, walk.walked, walk.met) = (plan.termWindow, 0, 0)
                } else {
                    byMatches = !walksToEnd && plan.readsRestByMatches(estimate: estimate, left: left, met: walk.met, walked: walk.walked,
                                                                          of: listings, size: walk.size, sort: query.sort, byTerms: words.walk != nil,
                                                                          missedBefore: walk.missed)
                }
                decided = true
                if weighs { words.weighed = true }
                window = byMatches ? nil : try await windowEdge(segments[last], query: query, walk: words.walk, from: edge, size: walk.size, top: &top)
                walk.walked += byMatches ? 0 : walk.size
                let stretch = Stretch(start: edge, end: window, byMatches: byMatches, expecting: left)
                let statement = try await segmentStatement(segments[last], index: last, query: query, walk: words.walk, prefixWords: words.prefix,
                                                           stretch: stretch, asOf: asOf, limit: walk.asked)
                var statements = [statement]
                // By relevance, a second tier expected to hold few matches is read whole by them
                // with the first tier's rest, rather than walked from the newest listing again.
                if byMatches, let following, let expected = secondTierEstimate,
                   plan.readsFollowingTierWhole(estimate: expected, firstTierLeft: left, wanted: walk.asked) {
                    let whole = Stretch(start: nil, end: nil, byMatches: true, expecting: expected)
                    statements.append(try await segmentStatement(segments[following], index: following, query: query, walk: words.walk,
                                                                 prefixWords: words.prefix, stretch: whole, asOf: asOf, limit: walk.asked))
                    followingRead = true
                }
                let rows = try await read(statements, sort: query.sort, limit: walk.asked)
                found += rows
                walk.hits = rows.filter { $0.segment == last }.count
                walk.met += walk.hits
            }
            next = followingRead ? last + 2 : last + 1
        }
        guard found.count > query.limit else { return (found.map(\.listing), nil) }
        found.removeLast()
        let last = found[found.count - 1]
        let cursor = ListingCursor(segment: last.segment, seq: last.listing.seq, price: last.listing.sortPriceCents, asOf: asOf)
        return (found.map(\.listing), cursor)
    }

    /// The first `limit` rows of segment statements in page order (segment by segment, and within
    /// one the order its SQL reads in: `order`), in one round trip, with their sellers' names and
    /// their photos (`PhotoList`). The names are looked up for the page's rows, not joined to the
    /// listings walked to find it: joined, PostgreSQL hashed every user for the featured branch
    /// (7.5 of 9 ms at 1M listings); a lookup by key per row leaves no plan that could. The
    /// statements are ordered and cut to `limit` before the lookups: the feed's featured
    /// and regular branches each bring a page, and half of those rows were looked up, sent and
    /// decoded only to be dropped. Each statement's own limit is `limit` or more, so whenever a
    /// segment's rows are cut the page is full, and no walk window is judged by what was cut.
    ///
    /// A round trip whose every statement plans alike whatever is bound (`SearchDialect.Drive.
    /// plansAlike`) is kept prepared on PostgreSQL: planning a text search's walk took 0.6–0.9 ms
    /// of each statement's 1–2 ms at 1M listings.
    /// `unlessAbsent`: the typed words each statement's read is skipped for when one is in no
    /// listing (of the one category, when the search names one: `QueryWords.asked`).
    private func read(_ statements: [SegmentRead], sort: ListingSort, limit: Int,
                      unlessAbsent words: (tokens: [String], category: ListingCategory?)? = nil) async throws -> [(listing: ListingRow, segment: Int)] {
        let branches = statements.enumerated().map { "SELECT * FROM (\($1.sql)) AS branch_\(unsafeRaw: String($0))" as SQLQueryString }
        // The order is said twice: the cut needs it, and only the outer ORDER BY promises it.
        let order = { (table: String) in "\(unsafeRaw: table).segment_index, \(Self.order(sort, seq: table + ".seq", table: table))" as SQLQueryString }
        let page: SQLQueryString = """
            \(words.map { QueryWords.asked($0.tokens, in: $0.category) } ?? "")SELECT page.*, (SELECT u.public_name FROM users u WHERE u.id = page.seller_id) AS seller_name,
              \(PhotoList.column(listing: "page.id", in: SQLTextSyntax(isPostgres: dialect.isPostgres))) AS photo_list
            FROM (SELECT * FROM (\(branches.joined(separator: " UNION ALL "))) AS cut ORDER BY \(order("cut")) LIMIT \(literal: limit)) AS page
            ORDER BY \(order("page"))
            """
        let rows = statements.allSatisfy(\.plansAlike) ? try await sql.prepared(page).all() : try await sql.unprepared(page).all()
        return try ListingRow.pageRows(rows)
    }
}
