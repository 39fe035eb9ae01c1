import Foundation
import MarketCore
import Observation

/// The student's saved searches (a list in the "Saved" tab, and "Save this search" on the feed).
/// Offline, a search saved, renamed or deleted waits to be sent (``waiting``): a rename and a
/// delete show at once, a new search as a waiting row (the server names it).
@MainActor
@Observable
public final class SavedSearchesViewModel: ReadingScreen {
    public private(set) var searches: [SavedSearch] = []
    public private(set) var waiting: [OutboxItem] = []
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load() async {
        await read({ try await client.send(SavedSearchEndpoint.list) as [SavedSearch] }) { searches = $0 }
        refreshWaiting()
    }

    /// Saves the feed's current words and filters (`FeedViewModel.savedSearchQuery`); checked
    /// here first with the server's own rule, so a search for everything is refused at once.
    @discardableResult
    public func save(_ query: ListingQuery, name: String? = nil) async -> SavedSearch? {
        let problems = query.problemsAsSavedSearch()
        guard problems.isEmpty else {
            show(APIClientError.invalid(problems))
            return nil
        }
        guard let delivery = await perform({
            try await client.sendOrKeep(SavedSearchEndpoint.save(SavedSearchInput(name: name, query: query)), as: SavedSearch.self,
                                        summary: name.map { "Save the search “\($0)”" } ?? query.text.map { "Save the search for “\($0)”" } ?? "Save the search for these filters")
        }) else { return nil }
        refreshWaiting()
        guard case .sent(let saved) = delivery else { return nil }
        searches.insert(saved, at: 0)
        return saved
    }

    @discardableResult
    public func rename(_ id: UUID, to name: String) async -> Bool {
        guard let delivery = await perform({
            try await client.sendOrKeep(SavedSearchEndpoint.rename(id, name), as: SavedSearch.self, summary: "Rename a saved search to “\(name)”")
        }) else { return false }
        if let index = searches.firstIndex(where: { $0.id == id }) {
            switch delivery {
            case .sent(let renamed): searches[index] = renamed
            case .waiting: searches[index].name = name
            }
        }
        refreshWaiting()
        return true
    }

    @discardableResult
    public func delete(_ id: UUID) async -> Bool {
        guard await perform({ try await client.sendOrKeep(SavedSearchEndpoint.delete(id), summary: "Delete a saved search") }) != nil else { return false }
        searches.removeAll { $0.id == id }
        refreshWaiting()
        return true
    }

    private func refreshWaiting() {
        let path = SavedSearchEndpoint.list.path
        waiting = client.store?.outbox(under: path) ?? []
    }
}
