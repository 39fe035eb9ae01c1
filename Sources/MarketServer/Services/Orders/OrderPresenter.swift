import Fluent
import Foundation
import MarketCore

/// Turns order rows into API orders for one viewer: names, listing titles and history are
/// loaded in one query each per page, and the confirmation code is shown to the buyer only.
struct OrderPresenter {
    let database: any Database

    func present(_ order: OrderRecord, for viewerID: UUID) async throws -> MarketCore.Order {
        try await present([order], for: viewerID)[0]
    }

    /// An order just made, presented to the buyer who made it from what the transaction already
    /// holds (the locked listing, the buyer's name): no query. Its history is its first step.
    static func presentNew(_ order: OrderRecord, listing: ListingRow, buyerName: String) throws -> MarketCore.Order {
        let names = PartyNames(names: [order.$buyer.id: buyerName, order.$seller.id: listing.sellerName ?? AccountRules.deletedUserName])
        return try present(order, listingTitle: listing.title, names: names, history: [OrderEvent(status: try order.orderStatus, at: order.createdAt)],
                           role: .buyer)
    }

    func present(_ orders: [OrderRecord], for viewerID: UUID) async throws -> [MarketCore.Order] {
        guard !orders.isEmpty else { return [] }
        let orderIDs = try orders.map { try $0.requireID() }
        let listingIDs = Array(Set(orders.map(\.$listing.id)))
        let userIDs = Array(Set(orders.flatMap { [$0.$buyer.id, $0.$seller.id] }))
        let titles = Dictionary(uniqueKeysWithValues: try await ListingRecord.query(on: database).filter(\.$id ~~ listingIDs)
            .field(\.$id).field(\.$title).all().map { ($0.id!, $0.title) })
        let names = try await PartyNames.load(userIDs, on: database)
        let events = Dictionary(grouping: try await OrderEventRecord.query(on: database).filter(\.$order.$id ~~ orderIDs)
            .sort(\.$at).all(), by: \.$order.id)
        let pickups = try orders.filter { try $0.orderFulfillment == .pickup }.map { try $0.requireID() }
        let meetups = pickups.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: try await MeetupRecord.query(on: database)
            .filter(\.$id ~~ pickups).all().map { ($0.id!, $0.meetup) })
        return try orders.map { order in
            let history = try (events[order.id!] ?? []).map {
                OrderEvent(status: try StoredValue.decode($0.status, column: "order_events.status"), at: $0.at, note: $0.note)
            }
            return try Self.present(order, listingTitle: titles[order.$listing.id] ?? "", names: names, history: history,
                                    role: order.$buyer.id == viewerID ? .buyer : .seller, meetup: meetups[order.id!])
        }
    }

    private static func present(_ order: OrderRecord, listingTitle: String, names: PartyNames, history: [OrderEvent],
                                role: OrderRole, meetup: Meetup? = nil) throws -> MarketCore.Order {
        MarketCore.Order(
            id: try order.requireID(), type: try order.orderType, status: try order.orderStatus, listingId: order.$listing.id,
            listingTitle: listingTitle, buyer: names.party(order.$buyer.id),
            seller: names.party(order.$seller.id), fulfillment: try order.orderFulfillment,
            totalCents: Int(order.totalCents), deliveryFeeCents: Int(order.deliveryFeeCents), currency: order.currency,
            start: order.startsAt, end: order.endsAt, rentalUnits: order.rentalUnits, tradeOfferId: order.tradeOfferID,
            confirmationCode: role == .buyer ? order.confirmationCode : nil,
            actions: OrderAction.available(to: role, from: try order.orderStatus, type: try order.orderType, fulfillment: try order.orderFulfillment),
            history: history, createdAt: order.createdAt, updatedAt: order.updatedAt, meetup: meetup, lateAt: order.lateAt,
            depositCents: order.depositCents.map(Int.init))
    }
}
