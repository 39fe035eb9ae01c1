import Fluent
import Foundation
import MarketCore
import SQLKit
import Vapor

extension SeedCommand {
    /// `--saved-searches N`: what students would save, drawn from listings the catalogue makes
    /// (mostly the last two words of a title, else its last word with its category or a price limit), indexed by
    /// the same rule as a search saved through the API. For the saved-search benchmark.
    func addSavedSearches(_ count: Int, users: [UserRecord], factory: inout SeedListingFactory, app: Application, console: any Console) async throws {
        let capacity = users.count * SavedSearch.maxPerAccount
        guard count <= capacity else {
            throw ConfigurationError("--saved-searches \(count) needs --users \((count + SavedSearch.maxPerAccount - 1) / SavedSearch.maxPerAccount) or more (20 each)")
        }
        let now = Date()
        var progress = ProgressLine(total: count, console: console, noun: "saved searches")
        var made = 0
        while made < count {
            let chunk = min(Self.rowsPerStatement, count - made)
            var searches: [SQLQueryString] = [], terms: [SQLQueryString] = []
            for offset in 0..<chunk {
                let owner = try users[(made + offset) % users.count].requireID()
                let listing = factory.row(seller: (owner, "seed"), createdAt: now, now: now)
                let words = SearchWords.of(listing.title, limit: 8)
                guard !words.isEmpty else { continue }
                // Mostly what the thing is (the end of its title: "oak desk", not "gently used"),
                // else its noun within its category or under a price.
                let roll = factory.int(0...9)
                var query = ListingQuery(text: (roll < 7 ? Array(words.suffix(2)) : [words[words.count - 1]]).joined(separator: " "))
                if roll >= 7 { query.categories = [listing.category] }
                if roll == 9, let price = listing.priceCents { query.maxPriceCents = price + price / 2 }
                let id = factory.uuid()
                let json = String(decoding: try JSONEncoder().encode(query), as: UTF8.self)
                searches.append("(\(bind: id), \(bind: owner), \(bind: query.text ?? ""), \(bind: json), \(bind: now))")
                terms += SavedSearchTerms.index(query).map { "(\(bind: $0), \(bind: id))" }
            }
            let (searchRows, termRows) = (searches, terms)
            try await app.db.transaction { db in
                try await db.sql.raw("INSERT INTO saved_searches (id, user_id, name, query, created_at) VALUES \(searchRows.joined(separator: ", "))").run()
                try await db.sql.raw("INSERT INTO saved_search_terms (term, saved_search_id) VALUES \(termRows.joined(separator: ", ")) ON CONFLICT DO NOTHING").run()
            }
            made += chunk
            progress.update(made)
        }
        progress.finish()
        console.print("Created \(count) saved searches.")
    }
}
