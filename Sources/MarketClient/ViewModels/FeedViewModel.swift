import Foundation
import MarketCore
import Observation

/// The feed and search (CampusSwap's board, Teebay's product list): search text that searches
/// by itself once typing pauses, category, offer type and sort, a list or grid layout, paging
/// by cursor as the list scrolls, and pull-to-refresh.
@MainActor
@Observable
public final class FeedViewModel: ReadingScreen {
    public enum Layout: String, Sendable, CaseIterable { case list, grid }

    /// Searches `debounce` after the last keystroke.
    public var searchText = "" { didSet { if searchText != oldValue { scheduleSearch() } } }
    public var category: ListingCategory? { didSet { if category != oldValue { scheduleSearch(now: true) } } }
    public var offer: OfferKind? { didSet { if offer != oldValue { scheduleSearch(now: true) } } }
    /// nil: relevance for a text search, newest first otherwise.
    public var sort: ListingSort? { didSet { if sort != oldValue { scheduleSearch(now: true) } } }
    public var layout: Layout = .list

    public private(set) var listings = PagedList<Listing>()
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient
    @ObservationIgnored private let debounce: Duration
    @ObservationIgnored private let pageSize: Int
    @ObservationIgnored private var pending: Task<Void, Never>?

    public init(client: APIClient, debounce: Duration = .milliseconds(350), pageSize: Int = 20) {
        self.client = client
        self.debounce = debounce
        self.pageSize = pageSize
    }

    /// The search the current choices make.
    public var query: ListingQuery {
        ListingQuery(text: searchText, categories: category.map { [$0] } ?? [], offer: offer, sort: sort,
                     page: PageRequest(limit: pageSize))
    }

    /// The current words and filters as a search to save (`SavedSearchesViewModel.save`).
    public var savedSearchQuery: ListingQuery { query.asSavedSearch }

    /// Sorts that make sense now (relevance only with search text).
    public var availableSorts: [ListingSort] {
        ListingSort.allCases.filter { $0 != .relevance || !searchText.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Loads the first page again: the first appearance and pull-to-refresh.
    public func refresh() async {
        pending?.cancel()
        await load()
    }

    /// Loads the next page; call it as the last row appears.
    public func loadMore() async {
        guard let cursor = listings.nextCursor, !isLoading else { return }
        var query = self.query
        query.page.cursor = cursor
        guard let search = checked(query.validated()) else { return }
        if let page: ListingPage = await perform({ try await client.send(ListingEndpoint.search(search)) }) {
            listings.append(page.items, nextCursor: page.nextCursor)
        }
    }

    /// Loads the next page when `listing` is the last one shown: call it as each row appears.
    public func loadMore(after listing: Listing) async {
        if listing.id == listings.items.last?.id { await loadMore() }
    }

    /// Waits for a pending debounced search (tests and previews).
    public func settle() async { await pending?.value }

    private func scheduleSearch(now: Bool = false) {
        if sort == .relevance, searchText.trimmingCharacters(in: .whitespaces).isEmpty { sort = nil }
        pending?.cancel()
        let delay = now ? .zero : debounce
        pending = Task { [weak self] in
            if delay > .zero { try? await Task.sleep(for: delay) }
            guard !Task.isCancelled else { return }
            await self?.load()
        }
    }

    private func load() async {
        let asked = query
        guard let search = checked(asked.validated()) else { return }
        await read({ try await client.send(ListingEndpoint.search(search)) as ListingPage }) { page in
            // An answer to a search the person has since changed is stale: the newer one follows.
            if asked == query { listings.replace(with: page.items, nextCursor: page.nextCursor) }
        }
    }
}
