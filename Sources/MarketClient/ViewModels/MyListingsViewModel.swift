import Foundation
import MarketCore
import Observation

/// My listings (Teebay's "My products"): by status, with delete (archived instead when an
/// order refers to it, as the server says) and feature.
@MainActor
@Observable
public final class MyListingsViewModel: PagedScreen {
    /// Which of my listings to show.
    public var status: ListingStatus = .active
    public private(set) var listings = PagedList<Listing>()
    /// The server's sentence about the last removal ("Deleted." or "Archived: an order refers to it.").
    public private(set) var lastRemoval: ListingRemoval?
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient
    @ObservationIgnored private let me: UUID

    public init(client: APIClient, me: UUID) {
        self.client = client
        self.me = me
    }

    public func load(more: Bool) async {
        await loadPage(into: \.listings, more: more, limit: 30) { [me, status] page in
            try await client.send(ListingEndpoint.search(ListingQuery(seller: me, status: status, sort: .newest, page: page))) as ListingPage
        }
    }

    /// Deletes the listing (or the server archives it); it leaves this list either way.
    public func delete(_ listing: Listing) async {
        if let removal: ListingRemoval = await perform({ try await client.send(ListingEndpoint.delete(listing.id)) }) {
            lastRemoval = removal
            listings.remove(id: listing.id)
        }
    }

    /// Features the listing (a paid boost to the top of matching results).
    public func feature(_ listing: Listing) async -> FeatureReceipt? {
        guard let receipt: FeatureReceipt = await perform({ try await client.send(ListingEndpoint.feature(listing.id)) }) else { return nil }
        if let fresh: Listing = try? await client.send(ListingEndpoint.show(listing.id)) { listings.update(fresh) }
        return receipt
    }
}
