import Fluent
import Foundation
import MarketCore
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// Saved searches' queries, read once per server: a query never changes once saved (a rename
/// changes only the name; a deleted search is no longer a candidate), so no instance can hold a
/// stale one. Matching a listing against a thousand candidates then costs no JSON decoding.
final class SavedSearchQueryCache: Sendable {
    struct Entry: Sendable {
        let query: ListingQuery
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
                let query = try JSONDecoder().decode(ListingQuery.self, from: Data(try row.decode(column: "query", as: String.self).utf8))
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
