import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import NIOConcurrencyHelpers
import Testing
import Vapor

/// The two places an outside system plugs in today — a courier company's quotes and a
/// notification channel — each replaced by a local stand-in through its application hook.
@Suite("Plugged-in systems")
struct PluggedSystemsTests {
    /// A courier company's API as a local stand-in: its own zones, a flat fee.
    struct CourierStandIn: DeliveryQuoteProvider {
        var name: String { "courier-stand-in" }
        var zones: [String] { ["dock", "library", "dorms"] }
        func estimate(from pickup: String, to dropoff: String, currency: String) async throws -> DeliveryEstimate {
            DeliveryEstimate(feeCents: 777, durationMinutes: 42)
        }
    }

    /// Records what it is asked to send; fails every send when `failing`.
    final class RecordingSender: NotificationSender, Sendable {
        let sent = NIOLockedValueBox<[OutgoingNotification]>([])
        let failing: Bool
        init(failing: Bool = false) { self.failing = failing }

        func send(_ notification: OutgoingNotification, settings: NotificationSettings, at now: Date, in tx: WriteTransaction) async throws {
            if failing { throw Abort(.serviceUnavailable, reason: "the channel is down") }
            sent.withLockedValue { $0.append(notification) }
        }
    }

    @Test("quotes come from the configured provider: its zones, its fee, its name on the quote; a purchase charges that fee")
    func courierProvider() async throws {
        try await withTestApp { app in
            app.deliveryQuoteProvider = CourierStandIn()
            let deal = try await app.deal(.sample(salePriceCents: 2_000))

            let refused = try await app.send(.POST, "/api/v1/delivery/quotes",
                                             json: DeliveryQuoteRequest(listingId: deal.listing.id, dropoff: "north"), token: deal.buyer.token)
            let quote = try await app.send(.POST, "/api/v1/delivery/quotes",
                                           json: DeliveryQuoteRequest(listingId: deal.listing.id, dropoff: "dorms"), token: deal.buyer.token)
                .decode(DeliveryQuote.self)
            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token, fulfillment: "delivery", quoteId: quote.id)
                .decode(MarketCore.Order.self)

            #expect(refused.status == .unprocessableEntity)
            #expect(try refused.error.fields?["dropoff"] == "must be one of dock, library, dorms")
            #expect(quote.fee == 777 && quote.durationMinutes == 42 && quote.pickup == "dock")
            #expect(try await DeliveryQuoteRecord.find(quote.id, on: app.db)?.provider == "courier-stand-in")
            #expect(order.totalCents == 2_777)
        }
    }

    @Test("every notification goes through each configured sender, inside the transaction of its cause")
    func senders() async throws {
        // The recorder keeps what it is sent in memory, not in the transaction, so it would also
        // count a rehearsal's run (a real sender writes only to the transaction's database).
        try await withTestApp(adjust: { $0.rehearseWrites = false }) { app in
            let recorder = RecordingSender()
            app.notificationSenders = [InAppNotificationSender(events: app.eventLog), recorder]
            let deal = try await app.deal()

            _ = try await app.placeOrder(deal)

            let sent = recorder.sent.withLockedValue { $0 }
            #expect(sent.map(\.kind) == [.purchaseRequested])
            #expect(sent.first?.userID == deal.seller.user.id)
            #expect(try await app.notifications(token: deal.seller.token).items.map(\.kind) == [.purchaseRequested])
        }
    }

    @Test("a sender that fails undoes its cause: no order, the listing still for sale")
    func failingSender() async throws {
        try await withTestApp { app in
            app.notificationSenders = [InAppNotificationSender(events: app.eventLog), RecordingSender(failing: true)]
            let deal = try await app.deal()

            let response = try await app.purchase(deal.listing.id, token: deal.buyer.token)

            #expect(response.status == .serviceUnavailable)
            #expect(try await OrderRecord.query(on: app.db).count() == 0)
            #expect(try await NotificationRecord.query(on: app.db).count() == 0)
            #expect(try await app.listing(deal.listing.id).status == .active)
        }
    }
}
