import Foundation
import MarketClient
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// The SDK against a real server listening on a real port.
@Suite("MarketClient over HTTP")
struct ClientOverHTTPTests {
    @Test("registers, reads the profile, sees typed errors, and signs out")
    func sessionRoundTrip() async throws {
        try await withTestApp { app in
            try await app.withLiveServer { baseURL in
                let tokenBox = TokenBox()
                let client = APIClient(baseURL: baseURL, tokenProvider: { await tokenBox.token })

                let auth: AuthResponse = try await client.send(AuthEndpoint.register(
                    RegisterRequest(email: "sdk@campus.edu", password: "correct horse", name: "SDK User")))
                await tokenBox.set(auth.token)
                let profile: UserProfile = try await client.send(ProfileEndpoint.show)
                let status: AuthStatus = try await client.send(AuthEndpoint.status)

                #expect(profile.email == "sdk@campus.edu")
                #expect(status.isAuthenticated)

                await #expect(throws: APIClientError.self) {
                    let _: AuthResponse = try await client.send(AuthEndpoint.register(
                        RegisterRequest(email: "sdk@campus.edu", password: "correct horse", name: "Again")))
            }
            do {
                let _: AuthResponse = try await client.send(AuthEndpoint.login(LoginRequest(email: "sdk@campus.edu", password: "nope nope")))
                Issue.record("a wrong password must fail")
            } catch APIClientError.server(let statusCode, let error) {
                #expect(statusCode == 401)
                #expect(error.code == "invalid_credentials")
            }

            try await client.send(AuthEndpoint.logout)
            let after: AuthStatus = try await client.send(AuthEndpoint.status)
            #expect(after.isAuthenticated == false)
            }
        }
    }
}

extension ClientOverHTTPTests {
    @Test("creates, searches, pages and features listings through the SDK")
    func listingsRoundTrip() async throws {
        try await withTestApp { app in
            try await app.withLiveServer { baseURL in
                let tokenBox = TokenBox()
                let client = APIClient(baseURL: baseURL, tokenProvider: { await tokenBox.token })
                let auth: AuthResponse = try await client.send(AuthEndpoint.register(
                    RegisterRequest(email: "seller@campus.edu", password: "correct horse", name: "Seller")))
                await tokenBox.set(auth.token)

                let created: MarketCore.Listing = try await client.send(ListingEndpoint.create(ListingInput(
                    title: "Calculus textbook", categories: ["textbooks"], condition: "good", salePriceCents: 4_000,
                    textbook: TextbookDetails(isbn: "0-306-40615-2"))))
                let _: MarketCore.Listing = try await client.send(ListingEndpoint.create(ListingInput(
                    title: "Desk lamp", description: "Lights calculus homework", categories: ["furniture"], condition: "good", salePriceCents: 900)))
                let found: ListingPage = try await client.send(ListingEndpoint.search(
                    ListingQuery(text: "calculus", page: PageRequest(limit: 1))))
                let next: ListingPage = try await client.send(ListingEndpoint.search(
                    ListingQuery(text: "calculus", page: PageRequest(cursor: found.nextCursor))))
                let receipt: FeatureReceipt = try await client.send(ListingEndpoint.feature(created.id))

                #expect(created.textbook?.isbn == "9780306406157")
                #expect(found.items.map(\.title) == ["Calculus textbook"])
                #expect(next.items.map(\.title) == ["Desk lamp"])
                #expect(next.nextCursor == nil)
                #expect(receipt.listingId == created.id)
                do {
                    let _: MarketCore.Listing = try await client.send(ListingEndpoint.create(ListingInput(title: "x", categories: [], condition: "mint")))
                    Issue.record("an invalid listing must be refused")
                } catch APIClientError.server(let status, let error) {
                    #expect(status == 422)
                    let fields = Set((error.fields ?? [:]).keys)
                    #expect(fields.isSuperset(of: ["title", "categories", "condition"]))
                }
            }
        }
    }
}

actor TokenBox {
    var token: String?
    func set(_ token: String?) { self.token = token }
}

extension ClientOverHTTPTests {
    @Test("buys, rents, completes an order and reads the ledger through the SDK")
    func ordersRoundTrip() async throws {
        try await withTestApp { app in
            try await app.withLiveServer { baseURL in
                let sellerBox = TokenBox(), buyerBox = TokenBox()
                let seller = APIClient(baseURL: baseURL, tokenProvider: { await sellerBox.token })
                let buyer = APIClient(baseURL: baseURL, tokenProvider: { await buyerBox.token })
                await sellerBox.set(try await app.register().token)
                await buyerBox.set(try await app.register().token)
                let desk: MarketCore.Listing = try await seller.send(ListingEndpoint.create(.sample("Desk", salePriceCents: 3_000)))
                let bike: MarketCore.Listing = try await seller.send(ListingEndpoint.create(.sample("Bike", salePriceCents: nil, rentPriceCents: 500, rentUnit: "day")))

                let quote: DeliveryQuote = try await buyer.send(DeliveryQuoteEndpoint.create(DeliveryQuoteRequest(listingId: desk.id, dropoff: "east")))
                let order: MarketCore.Order = try await buyer.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "delivery", quoteId: quote.id)))
                let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3_600).rounded(.up) * 3_600 + 86_400)
                let rental: MarketCore.Order = try await buyer.send(OrderEndpoint.rent(listing: bike.id, RentalRequest(start: start, end: start.addingTimeInterval(2 * 86_400))))
                let booked: Availability = try await buyer.send(OrderEndpoint.availability(listing: bike.id))
                let _: MarketCore.Order = try await seller.send(OrderEndpoint.act(order.id, .accept))
                let _: MarketCore.Order = try await seller.send(OrderEndpoint.act(order.id, .outForDelivery))
                let done: MarketCore.Order = try await seller.send(OrderEndpoint.act(order.id, .complete, confirmationCode: order.confirmationCode))
                let bought: OrderPage = try await buyer.send(OrderEndpoint.activity(.bought))
                let ledger: Ledger = try await buyer.send(MoneyEndpoint.ledger())
                let inbox: NotificationPage = try await buyer.send(NotificationEndpoint.list(unreadOnly: true))

                #expect(order.totalCents == 3_000 + quote.fee)
                #expect(rental.totalCents == 1_000)
                #expect(booked.booked == [BookedPeriod(start: start, end: start.addingTimeInterval(2 * 86_400))])
                #expect(done.status == .completed)
                #expect(bought.items.map(\.id) == [order.id])
                #expect(ledger.totals.first?.spentCents == 3_000 + quote.fee)
                #expect(inbox.unreadCount == 3)
                do {
                    let _: MarketCore.Order = try await buyer.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))
                    Issue.record("a sold listing cannot be bought again")
                } catch APIClientError.server(let status, let error) {
                    #expect(status == 409)
                    #expect(error.code == "listing_unavailable")
                }
            }
        }
    }
}
