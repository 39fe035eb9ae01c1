import Foundation
import MarketCore
import Observation

/// The student's saved listings (a "Saved" tab), and the heart on a listing screen.
@MainActor
@Observable
public final class FavoritesViewModel: PagedScreen {
    public private(set) var favorites = PagedList<Favorite>()
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load(more: Bool) async {
        await loadPage(into: \.favorites, more: more, limit: 30) { try await client.send(FavoriteEndpoint.list($0)) as FavoritePage }
    }

    /// Saves the listing; the list shows it first (offline: it is saved once the network
    /// returns). Returns whether it worked (a heart fills).
    @discardableResult
    public func save(_ listingID: UUID) async -> Bool {
        guard let delivery = await perform({
            try await client.sendOrKeep(FavoriteEndpoint.save(listingID), as: Favorite.self, summary: "Save a listing")
        }) else { return false }
        if case .sent(let saved) = delivery {
            favorites.remove(id: saved.id)
            favorites.prepend(saved)
        }
        return true
    }

    /// Stops saving the listing; it leaves the list (offline: on the server once the network
    /// returns). Returns whether it worked.
    @discardableResult
    public func remove(_ listingID: UUID) async -> Bool {
        guard await perform({ try await client.sendOrKeep(FavoriteEndpoint.remove(listingID), summary: "Stop saving a listing") }) != nil else {
            return false
        }
        favorites.remove(id: listingID.uuidString)
        return true
    }

    /// Saved listings still on the market, for a "still available" filter.
    public var available: [Favorite] { favorites.items.filter { $0.availability == .available || $0.availability == .reserved } }
}
