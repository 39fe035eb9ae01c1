import Fluent
import Foundation
import MarketCore

/// Searches students keep: at most 20 each, listed newest first, renamed, deleted; and the
/// alert when a listing created or changed matches one (`SavedSearchAlerts`).
struct SavedSearches {
    let database: any Database
    let now: Date

    func create(_ input: SavedSearchInput, by userID: UUID) async throws -> SavedSearch {
        guard let asked = input.query else { throw APIError.validation(["query": "is required: the feed's words and filters"]) }
        let query = asked.asSavedSearch
        var problems = query.problemsAsSavedSearch()
        let name = try Self.name(input.name, default: query, problems: &problems)
        guard problems.isEmpty else { throw APIError.validation(problems) }
        let count = try await Self.count(of: userID, on: database)
        guard count < SavedSearch.maxPerAccount else {
            throw APIError(.conflict, code: "too_many_saved_searches",
                           message: "You can keep \(SavedSearch.maxPerAccount) saved searches. Delete one to save another.")
        }
        let search = SavedSearch(id: UUID(), name: name, query: query, createdAt: now)
        try await Self.insert(search, of: userID, on: database)
        return search
    }

    func list(for userID: UUID) async throws -> [SavedSearch] {
        try await Self.searches(of: userID, on: database)
    }

    func rename(_ id: UUID, to input: SavedSearchInput, by userID: UUID) async throws -> SavedSearch {
        var search = try await owned(id, by: userID)
        var problems: FieldErrors = [:]
        guard let typed = input.name else { throw APIError.validation(["name": "is required"]) }
        search.name = try Self.name(typed, default: search.query, problems: &problems)
        guard problems.isEmpty else { throw APIError.validation(problems) }
        try await Self.rename(id, to: search.name, on: database)
        return search
    }

    func delete(_ id: UUID, by userID: UUID) async throws {
        _ = try await owned(id, by: userID)
        try await Self.delete(id, on: database)
    }

    private func owned(_ id: UUID, by userID: UUID) async throws -> SavedSearch {
        guard let search = try await Self.search(id, of: userID, on: database) else {
            throw APIError(.notFound, code: "saved_search_not_found", message: "You have no saved search with this id.")
        }
        return search
    }

    /// The given name, trimmed (1–60 characters), or one made of the words and filters.
    private static func name(_ typed: String?, default query: ListingQuery, problems: inout FieldErrors) throws -> String {
        if let typed {
            let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
            if !(1...60).contains(trimmed.count) { problems["name"] = "must be 1–60 characters" }
            return trimmed
        }
        let offer: Phrase? = query.offer.map { $0 == .buy ? "to buy" : $0 == .rent ? "to rent" : "to trade" }
        let parts = [query.text.map { "“\($0)”" }] + query.categories.map(\.label.localized)
            + [offer?.localized, query.condition?.label.localized, query.seller.map { _ in ("one seller" as Phrase).localized }]
        return String(parts.compactMap { $0 }.joined(separator: ", ").prefix(60)).nonEmpty ?? ("Price range" as Phrase).localized
    }
}
