import Fluent
import Foundation
import MarketCore

/// Trade offers as the API shows them, with titles, names and the order an accepted one made.
struct TradeOfferPresenter {
    let database: any Database

    func present(_ offer: TradeOfferRecord) async throws -> TradeOffer {
        try await present([offer])[0]
    }

    func present(_ offers: [TradeOfferRecord]) async throws -> [TradeOffer] {
        guard !offers.isEmpty else { return [] }
        let offerIDs = try offers.map { try $0.requireID() }
        let items = try await TradeOfferItemRecord.query(on: database).filter(\.$offer.$id ~~ offerIDs).all()
        let listingIDs = Array(Set(offers.map(\.$listing.id) + items.map(\.$listing.id)))
        let titles = Dictionary(uniqueKeysWithValues: try await ListingRecord.query(on: database).filter(\.$id ~~ listingIDs)
            .field(\.$id).field(\.$title).all().map { ($0.id!, $0.title) })
        let names = try await PartyNames.load(Array(Set(offers.flatMap { [$0.$offerer.id, $0.$seller.id] })), on: database)
        let orders = try await OrderRecord.query(on: database).filter(\.$tradeOfferID ~~ offerIDs).all()
        let orderByOffer = Dictionary(orders.compactMap { order in order.tradeOfferID.map { ($0, order.id!) } }, uniquingKeysWith: { a, _ in a })
        let itemsByOffer = Dictionary(grouping: items, by: \.$offer.id)
        return try offers.map { offer in
            let id = offer.id!
            return TradeOffer(
                id: id, listingId: offer.$listing.id, listingTitle: titles[offer.$listing.id] ?? "",
                offerer: names.party(offer.$offerer.id), seller: names.party(offer.$seller.id),
                offeredListings: (itemsByOffer[id] ?? []).map { TradeItem(listingId: $0.$listing.id, title: titles[$0.$listing.id] ?? "") },
                cashTopUpCents: Int(offer.cashTopUpCents), currency: offer.currency, status: try offer.offerStatus,
                orderId: orderByOffer[id], createdAt: offer.createdAt, decidedAt: offer.decidedAt)
        }
    }

    /// Offers you received (as seller) or sent (as offerer), newest first.
    func list(for userID: UUID, received: Bool, status: TradeOfferStatus?, listingID: UUID?,
              limit: Int, after cursor: PageCursor?) async throws -> TradeOfferPage {
        let query = TradeOfferRecord.query(on: database)
        if received { query.filter(\.$seller.$id == userID) } else { query.filter(\.$offerer.$id == userID) }
        if let status { query.filter(\.$status == status.rawValue) }
        if let listingID { query.filter(\.$listing.$id == listingID) }
        let (rows, next) = try await query.newestFirst(limit: limit, after: cursor)
        return TradeOfferPage(items: try await present(rows), nextCursor: next?.token)
    }
}
