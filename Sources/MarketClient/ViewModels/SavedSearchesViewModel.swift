import Foundation
import MarketCore
import Observation

/// The student's saved searches (a list in the "Saved" tab, and "Save this search" on the feed).
@MainActor
@Observable
public final class SavedSearchesViewModel: ReadingScreen {
    public private(set) var searches: [SavedSearch] = []
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
        guard let saved: SavedSearch = await perform({ try await client.send(SavedSearchEndpoint.save(SavedSearchInput(name: name, query: query))) })
        else { return nil }
        searches.insert(saved, at: 0)
        return saved
    }

    @discardableResult
    public func rename(_ id: UUID, to name: String) async -> Bool {
        guard let renamed: SavedSearch = await perform({ try await client.send(SavedSearchEndpoint.rename(id, name)) }) else { return false }
        if let index = searches.firstIndex(where: { $0.id == id }) { searches[index] = renamed }
        return true
    }

    @discardableResult
    public func delete(_ id: UUID) async -> Bool {
        guard await perform({ try await client.sendOrKeep(SavedSearchEndpoint.delete(id), summary: "Delete a saved search") }) != nil else { return false }
        searches.removeAll { $0.id == id }
        return true
    }
}
