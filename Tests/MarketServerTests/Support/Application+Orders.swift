import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor
import VaporTesting

/// Two people and a listing: the usual cast of an order test.
struct Deal {
    let seller: AuthResponse
    let buyer: AuthResponse
    let listing: MarketCore.Listing
}

extension Application {
    /// A seller with one listing (`input`) and a buyer.
    func deal(_ input: ListingInput = .sample()) async throws -> Deal {
        let seller = try await register(name: "Sam Seller")
        let buyer = try await register(name: "Bea Buyer")
        let listing = try await createListing(input, token: seller.token)
        return Deal(seller: seller, buyer: buyer, listing: listing)
    }

    func purchase(_ listingID: UUID, token: String, fulfillment: String? = "pickup", quoteId: UUID? = nil) async throws -> TestResponse {
        try await send(.POST, "/api/v1/listings/\(listingID)/purchase", json: PurchaseRequest(fulfillment: fulfillment, quoteId: quoteId), token: token)
    }

    func rent(_ listingID: UUID, from start: Date, to end: Date, token: String) async throws -> TestResponse {
        try await send(.POST, "/api/v1/listings/\(listingID)/rentals", json: RentalRequest(start: start, end: end), token: token)
    }

    /// `POST /api/v1/orders/{id}/{action}`.
    @discardableResult
    func act(_ action: OrderAction, on orderID: UUID, token: String, code: String? = nil) async throws -> TestResponse {
        let body: CompleteOrderRequest? = action == .complete ? CompleteOrderRequest(confirmationCode: code) : nil
        return try await send(.POST, "/api/v1/orders/\(orderID)/\(action.rawValue)", json: body, token: token)
    }

    /// Makes a pickup purchase and returns the buyer's view of the order; fails the test otherwise.
    func placeOrder(_ deal: Deal) async throws -> MarketCore.Order {
        let response = try await purchase(deal.listing.id, token: deal.buyer.token)
        #expect(response.status == .created, "purchase failed: \(response.text)")
        return try response.decode(MarketCore.Order.self)
    }

    /// The listing as `token`'s holder sees it (a sold one only its seller and buyers see).
    func listing(_ id: UUID, token: String? = nil) async throws -> MarketCore.Listing {
        try await send(.GET, "/api/v1/listings/\(id)", token: token).decode(MarketCore.Listing.self)
    }

    func notifications(token: String) async throws -> NotificationPage {
        try await send(.GET, "/api/v1/notifications", token: token).decode(NotificationPage.self)
    }
}

extension TestClock {
    /// An hour-aligned time `hours` from the clock's now, for rental periods.
    func hoursFromNow(_ hours: Double) -> Date {
        let start = (now.timeIntervalSince1970 / 3_600).rounded(.up) * 3_600
        return Date(timeIntervalSince1970: start + hours * 3_600)
    }
}
