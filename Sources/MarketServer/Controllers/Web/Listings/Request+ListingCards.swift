import MarketCore
import Vapor

extension Request {
    /// Cards for a page of listings; for a signed-in viewer each card not their own carries a
    /// heart saying whether they saved it (one query for the page).
    func listingCards(_ listings: [MarketCore.Listing]) async throws -> [ListingCard] {
        let services = domain
        // Read once for the page, not per card: `localTime` looks up the viewer and the services
        // each time it is asked (it was a tenth of the feed page, asked 24 times).
        let now = services.now, campuses = services.settings.campuses, time = localTime, words = localizer
        var cards = listings.map { ListingCard($0, now: now, campuses: campuses, time: time, words: words) }
        guard let viewerID = auth.get(Session.self)?.userID else { return cards }
        let others = listings.filter { $0.seller.id != viewerID }.map(\.id)
        let saved = try await services.favorites.savedIDs(among: others, by: viewerID)
        for (index, listing) in listings.enumerated() where listing.seller.id != viewerID {
            cards[index].saved = saved.contains(listing.id)
        }
        return cards
    }

    /// The cards' HTML, their hearts coming back to this page after a save.
    func listingCardsHTML(_ cards: [ListingCard], grid: Bool = false) -> String {
        guard auth.get(Session.self) != nil else { return ListingCard.html(of: cards, grid: grid) }
        return ListingCard.html(of: cards, csrf: CSRFToken.token(for: self), back: url.string, grid: grid)
    }
}
