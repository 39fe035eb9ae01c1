import Fluent
import SQLKit
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Saved searches: kept, renamed, deleted, at most 20; and the alert when a listing matches one.
@Suite("Saved searches")
struct SavedSearchTests {
    static func save(_ app: Application, _ query: ListingQuery, name: String? = nil, token: String) async throws -> TestResponse {
        try await app.send(.POST, "/api/v1/me/saved-searches", json: SavedSearchInput(name: name, query: query), token: token)
    }

    /// The saved-search notifications of this account, once the queued listings are matched
    /// (the background matcher may have done it already; matching again tells nobody twice).
    static func alerts(_ app: Application, token: String) async throws -> [MarketNotification] {
        try await SavedSearchMatcher.matchQueued(app.domainServices())
        return try await app.notifications(token: token).items.filter { $0.kind == .savedSearchMatched }
    }

    @Test("a listing that matches the words and filters notifies; one that matches the words but not the price does not")
    func matching() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            let seller = try await app.register()
            let saved = try await Self.save(app, ListingQuery(text: "calculus textb", categories: [.textbooks], maxPriceCents: 5_000), token: student.token)
            #expect(saved.status == .created)
            #expect(try saved.decode(SavedSearch.self).name == "“calculus textb”, Textbooks")

            _ = try await app.createListing(.sample("Calculus textbook, 8th edition", categories: ["textbooks"], salePriceCents: 9_000), token: seller.token)
            #expect(try await Self.alerts(app, token: student.token).isEmpty)  // the words, not the price
            let match = try await app.createListing(.sample("Calculus textbook (Stewart)", categories: ["textbooks"], salePriceCents: 3_500), token: seller.token)
            _ = try await app.createListing(.sample("Calculus poster", categories: ["other"], salePriceCents: 500), token: seller.token)
            let told = try await Self.alerts(app, token: student.token)
            #expect(told.count == 1)
            #expect(told.first?.listingId == match.id)
            #expect(told.first?.message == "“Calculus textbook (Stewart)” matches your saved search “calculus textb”, Textbooks.")
            // One's own listing never alerts one's own search.
            _ = try await app.createListing(.sample("Calculus textbook, mine", categories: ["textbooks"], salePriceCents: 1_000), token: student.token)
            #expect(try await Self.alerts(app, token: student.token).count == 1)
        }
    }

    @Test("a saved search is the feed's query: any of several categories, one seller's listings, one campus's")
    func feedFilters() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            let seller = try await app.register(), other = try await app.register()
            #expect(try await Self.save(app, ListingQuery(categories: [.notes, .furniture]), token: student.token).status == .created)
            let byOne = try await Self.save(app, ListingQuery(seller: seller.user.id), token: student.token)
            #expect(try byOne.decode(SavedSearch.self).name == "one seller")
            // Several categories, and a seller's, are each found by their index (no words to probe with).
            let chair = try await app.createListing(.sample("Chair", categories: ["furniture"], salePriceCents: 900), token: other.token)
            _ = try await app.createListing(.sample("Kite", categories: ["toys"], salePriceCents: 900), token: other.token)
            let kite = try await app.createListing(.sample("Another kite", categories: ["toys"], salePriceCents: 900), token: seller.token)
            let told = try await Self.alerts(app, token: student.token)
            #expect(Set(told.compactMap(\.listingId)) == [chair.id, kite.id])
            // A campus: its listings only (on an open board, a listing's campus is its seller's mail domain).
            #expect(try await Self.save(app, ListingQuery(text: "lamp", campus: "nowhere.edu"), token: student.token).status == .created)
            #expect(try await Self.save(app, ListingQuery(text: "bulb", campus: "campus.edu"), token: student.token).status == .created)
            _ = try await app.createListing(.sample("Desk lamp", categories: ["electronics"], salePriceCents: 900), token: other.token)
            let bulb = try await app.createListing(.sample("Light bulb", categories: ["electronics"], salePriceCents: 900), token: other.token)
            #expect(try await Self.alerts(app, token: student.token).compactMap(\.listingId).filter { ![chair.id, kite.id].contains($0) } == [bulb.id])
            // A list the API cannot read, and a status no alert can hear of, are refused by name.
            let refused = try await app.send(.POST, "/api/v1/me/saved-searches", rawBody: #"{"query":{"category":"notes,boats"}}"#, token: student.token)
            #expect(refused.status == .badRequest && refused.text.contains("query.category"))
            let sold = try await Self.save(app, ListingQuery(text: "desk", status: .sold), token: student.token)
            #expect(sold.status == .unprocessableEntity && sold.text.contains("query.status"))
        }
    }

    @Test("an alert finds what the search box finds: a word's other forms, a last word typed in part, not a word that only starts alike")
    func sameRuleAsSearch() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let searches = ["camping", "des", "tables", "oak chairs"]
            var students: [String: String] = [:]
            for q in searches {
                students[q] = try await app.register().token
                #expect(try await Self.save(app, ListingQuery(text: q), token: students[q]!).status == .created)
            }
            var titles: [UUID: String] = [:]
            for title in ["Two camps chairs", "Campus map poster", "Oak desk", "Table lamp", "Oak chair and table", "Camping stove"] {
                let listing = try await app.createListing(.sample(title), token: seller.token)
                titles[listing.id] = title
            }
            for q in searches {
                let found = try await app.send(.GET, "/api/v1/listings?q=\(q.replacingOccurrences(of: " ", with: "+"))")
                    .decode(Page<MarketCore.Listing>.self).items.compactMap { titles[$0.id] }
                let told = try await Self.alerts(app, token: students[q]!).compactMap { $0.listingId.flatMap { titles[$0] } }
                #expect(Set(told) == Set(found), "\(q): told of \(told.sorted()), the search finds \(found.sorted())")
            }
            // The forms the rule joins, as a student expects them (the bug: `camping` heard nothing of "camps").
            let camping = try await Self.alerts(app, token: students["camping"]!).compactMap { $0.listingId.flatMap { titles[$0] } }
            #expect(Set(camping) == ["Two camps chairs", "Camping stove"])
            let tables = try await Self.alerts(app, token: students["tables"]!).compactMap { $0.listingId.flatMap { titles[$0] } }
            #expect(Set(tables) == ["Table lamp", "Oak chair and table"])
        }
    }

    @Test("searches indexed by their words as typed are indexed anew by their stems, and then hear of a listing of another form")
    func reindexedByStems() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            let seller = try await app.register()
            let saved = try await Self.save(app, ListingQuery(text: "camping"), token: student.token).decode(SavedSearch.self)
            // As the index was before: the longest word as typed.
            try await app.db.sql.raw("DELETE FROM saved_search_terms WHERE saved_search_id = \(bind: saved.id)").run()
            try await app.db.sql.raw("INSERT INTO saved_search_terms (term, saved_search_id) VALUES ('w:camping', \(bind: saved.id))").run()
            try await UpdateSavedSearchTermsToStems().prepare(on: app.db)
            let terms = try await app.db.sql.raw("SELECT term FROM saved_search_terms WHERE saved_search_id = \(bind: saved.id)")
                .all(decodingColumn: "term", as: String.self)
            #expect(Set(terms) == ["w:camp", "w:0escamping"], "the stem, and the Spanish stem a Spanish listing may have it as")
            let listing = try await app.createListing(.sample("Camp stove and pans"), token: seller.token)
            #expect(try await Self.alerts(app, token: student.token).map(\.listingId) == [listing.id])
        }
    }

    @Test("an edit that makes a listing match notifies once; a second edit does not notify again")
    func editsNotifyOnce() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            let seller = try await app.register()
            _ = try await Self.save(app, ListingQuery(text: "desk lamp", maxPriceCents: 2_000), token: student.token)
            let lamp = try await app.createListing(.sample("Desk lamp", salePriceCents: 3_000), token: seller.token)
            #expect(try await Self.alerts(app, token: student.token).isEmpty)
            for price in [1_800, 1_500] {
                let edited = try await app.send(.PUT, "/api/v1/listings/\(lamp.id)", json: ListingInput.sample("Desk lamp", salePriceCents: price), token: seller.token)
                #expect(edited.status == .ok)
            }
            #expect(try await Self.alerts(app, token: student.token).count == 1)
        }
    }

    @Test("a listing edited while a round matches it as it was stays queued and is matched again, not lost")
    func editDuringRound() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            let seller = try await app.register()
            _ = try await Self.save(app, ListingQuery(text: "desk lamp", maxPriceCents: 2_000), token: student.token)
            let lamp = try await app.createListing(.sample("Desk lamp", salePriceCents: 3_000), token: seller.token)
            // A round reads the queue while the lamp is too dear to match...
            try await SavedSearchAlerts.enqueue(lamp.id, at: Date(), on: app.db)
            let read = try #require(try await SavedSearchAlerts.queued(limit: 50, on: app.db).first { $0.listingID == lamp.id })
            // ...the seller lowers the price meanwhile (queued again)...
            let edited = try await app.send(.PUT, "/api/v1/listings/\(lamp.id)", json: ListingInput.sample("Desk lamp", salePriceCents: 1_500), token: seller.token)
            #expect(edited.status == .ok)
            // ...and the round, done with the lamp as it read it, drops what it read: not the new queueing.
            try await SavedSearchAlerts.finish(lamp.id, token: read.token, on: app.db)
            #expect(try await Self.alerts(app, token: student.token).count == 1)
        }
    }

    @Test("a listing many searches match is matched after its request, in chunks: every owner told once, however many of their searches match")
    func manyMatches() async throws {
        try await withTestApp { app in
            let seller = try await app.register(name: "Sam Seller")
            var tokens: [String] = []
            for index in 0..<(SavedSearchAlerts.chunk + 5) {
                let student = try await app.register(email: "searcher\(index)@campus.edu", name: "Searcher \(index)")
                #expect(try await Self.save(app, ListingQuery(text: "lamp"), token: student.token).status == .created)
                tokens.append(student.token)
            }
            #expect(try await Self.save(app, ListingQuery(text: "desk lamp"), token: tokens[0]).status == .created)
            let lamp = try await app.createListing(.sample("Desk lamp"), token: seller.token)
            let queued = try await app.db.sql.raw("SELECT COUNT(*) AS n FROM saved_search_queue").first(decodingColumn: "n", as: Int.self)
            #expect(queued == 1 || queued == 0)  // 0 once the background matcher took it
            try await SavedSearchMatcher.matchQueued(app.domainServices())
            for token in [tokens[0], tokens[SavedSearchAlerts.chunk], tokens.last!] {
                #expect(try await Self.alerts(app, token: token).map(\.listingId) == [lamp.id])
            }
            // Every owner once, the one with two matching searches included.
            let told = try await app.db.sql.raw("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'saved_search_matched'")
                .first(decodingColumn: "n", as: Int.self)
            #expect(told == SavedSearchAlerts.chunk + 5)
            #expect(try await app.db.sql.raw("SELECT COUNT(*) AS n FROM saved_search_queue").first(decodingColumn: "n", as: Int.self) == 0)
        }
    }

    @Test("a search saved by a suspended account, or across a block, never fires")
    func suspendedAndBlocked() async throws {
        try await withTestApp { app in
            let suspended = try await app.register()
            let blocker = try await app.register()
            let seller = try await app.register()
            for token in [suspended.token, blocker.token] { _ = try await Self.save(app, ListingQuery(text: "bike"), token: token) }
            try await app.runCommand(["users", "suspend", suspended.user.email, "--reason", "Scam reports"])
            #expect(try await app.send(.POST, "/api/v1/users/\(seller.user.id)/block", token: blocker.token).status == .ok)
            _ = try await app.createListing(.sample("Road bike"), token: seller.token)
            #expect(try await Self.alerts(app, token: blocker.token).isEmpty)
            let toSuspended = try await NotificationRecord.query(on: app.db).filter(\NotificationRecord.$user.$id == suspended.user.id)
                .filter(\NotificationRecord.$kind == NotificationKind.savedSearchMatched.rawValue).count()
            #expect(toSuspended == 0)
        }
    }

    @Test("list, rename and delete; at most 20; bad input names the field")
    func manage() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            let first = try await Self.save(app, ListingQuery(text: "mini fridge", condition: .good), token: student.token).decode(SavedSearch.self)
            let renamed = try await app.send(.PATCH, "/api/v1/me/saved-searches/\(first.id)", json: SavedSearchInput(name: "Fridge for the dorm"), token: student.token)
            #expect(try renamed.decode(SavedSearch.self).name == "Fridge for the dorm")
            for index in 1..<SavedSearch.maxPerAccount {
                #expect(try await Self.save(app, ListingQuery(text: "thing \(index)"), token: student.token).status == .created)
            }
            let full = try await Self.save(app, ListingQuery(text: "one more"), token: student.token)
            #expect(full.status == .conflict)
            #expect(try full.error.code == "too_many_saved_searches")
            let list = try await app.send(.GET, "/api/v1/me/saved-searches", token: student.token).decode([SavedSearch].self)
            #expect(list.count == 20 && list.last?.name == "Fridge for the dorm")
            #expect(try await app.send(.DELETE, "/api/v1/me/saved-searches/\(first.id)", token: student.token).status == .noContent)
            #expect(try await app.send(.DELETE, "/api/v1/me/saved-searches/\(first.id)", token: student.token).status == .notFound)

            let other = try await app.register()
            let everything = try await Self.save(app, ListingQuery(), token: other.token)
            #expect(everything.status == .unprocessableEntity)
            #expect(try everything.error.fields?["query"] != nil)
            let backwards = try await Self.save(app, ListingQuery(text: "desk", minPriceCents: 900, maxPriceCents: 100), token: other.token)
            #expect(try backwards.error.fields?["query.maxPriceCents"] != nil)
            #expect(try await app.send(.PATCH, "/api/v1/me/saved-searches/\(list[0].id)", json: SavedSearchInput(name: "x"), token: other.token).status == .notFound)
        }
    }

    @Test("the feed's Save this search keeps its words and filters; the Saved page lists it, opens it and deletes it")
    func web() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            let cookie = WebSessionCookie.name + "=" + student.token
            #expect(try await !app.visit("/").text.contains("Save this search"))  // signed out, nothing searched
            let feed = try await app.visit("/?q=desk&max=20", cookies: cookie)
            #expect(feed.text.contains("Save this search"))
            #expect(feed.text.contains(#"name="maxPriceCents" value="2000""#))
            let saved = try await app.postForm("/saved-searches", fields: ["csrf": feed.csrf, "q": "desk", "maxPriceCents": "2000"], cookies: feed.cookies)
            #expect(saved.status == .seeOther && saved.headers.first(name: .location) == "/saved")
            let page = try await app.visit("/saved", cookies: cookie)
            #expect(page.text.contains("“desk”") && page.text.contains("href=\"/?q=desk&amp;maxPriceCents=2000\""))
            // The link opens the feed on the same search, its price shown as a person types it.
            let opened = try await app.visit("/?q=desk&maxPriceCents=2000", cookies: cookie)
            #expect(opened.text.contains(#"name="max" type="text" value="20.00""#) && opened.text.contains(#"name="maxPriceCents" value="2000""#))
            let search = try #require(try await app.send(.GET, "/api/v1/me/saved-searches", token: student.token).decode([SavedSearch].self).first)
            #expect(search.query == ListingQuery(text: "desk", maxPriceCents: 2_000))
            let deleted = try await app.postForm("/saved-searches/\(search.id.wireString)/delete", fields: ["csrf": page.csrf], cookies: page.cookies)
            #expect(deleted.status == .seeOther)
            #expect(try await app.send(.GET, "/api/v1/me/saved-searches", token: student.token).decode([SavedSearch].self).isEmpty)
        }
    }
}
