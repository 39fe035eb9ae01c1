import Fluent
import Foundation
import MarketCore

/// What an order held goes back to the market when it is declined or cancelled, and leaves it
/// for good when it completes. Rentals hold only their period, which the status releases.
enum OrderListings {
    /// The listings an order moves: the one bought, or every listing of a trade.
    static func ids(of order: OrderRecord, on db: any Database) async throws -> [UUID] {
        guard try order.orderType == .trade, let offerID = order.tradeOfferID else {
            return try order.orderType == .rental ? [] : [order.$listing.id]
        }
        let offered = try await TradeOfferItemRecord.query(on: db).filter(\.$offer.$id == offerID).all().map(\.$listing.id)
        return [order.$listing.id] + offered
    }

    static func release(_ order: OrderRecord, now: Date, on db: any Database) async throws {
        try await set(order, from: .reserved, to: .active, now: now, on: db)
    }

    static func markSold(_ order: OrderRecord, now: Date, on db: any Database) async throws {
        try await set(order, from: .reserved, to: .sold, now: now, on: db)
    }

    private static func set(_ order: OrderRecord, from: ListingStatus, to: ListingStatus, now: Date, on db: any Database) async throws {
        let ids = try await ids(of: order, on: db)
        guard !ids.isEmpty else { return }
        try await ListingRecord.query(on: db)
            .filter(\.$id ~~ ids).filter(\.$status == from.rawValue)
            .set(\.$status, to: to.rawValue).set(\.$updatedAt, to: now)
            .update()
    }
}
