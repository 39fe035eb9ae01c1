import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// Back from away, the SDK asks what changed (`GET /me/changes`) and loads again only what it
/// touches, so the store is current before a screen opens, and stays so when the network goes.
@Suite("SDK catching up")
@MainActor
struct CatchUpTests {
    @Test("back from away: only the kept answers a change touches load again, and read offline afterwards they show the change")
    func onlyWhatChanged() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let tokens = MemoryTokenStore()
            let buyer = try await market.person("Buyer", store: tokens)
            let desk = try await market.listing("Standing desk", by: seller)
            let shelf = try await market.listing("Bookshelf", by: seller)
            let order: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))
            let conversation: Conversation = try await buyer.client.send(ConversationEndpoint.openAboutListing(desk.id))
            let _: ConversationMessage = try await buyer.client.send(ConversationEndpoint.send(conversation.id, SendMessageRequest(text: "When can I pick it up?")))

            let first = try await buyer.client.catchUp()
            #expect(first == CatchUp())  // the first time only notes where to start
            let orderScreen = OrderDetailViewModel(orderID: order.id, client: buyer.client)
            await orderScreen.load()
            #expect(orderScreen.order?.status == .pending)
            let thread = ConversationViewModel(conversationID: conversation.id, client: buyer.client)
            await thread.load()
            let shelfScreen = ListingDetailViewModel(listingID: shelf.id, client: buyer.client, me: buyer.user?.id)
            await shelfScreen.load()
            let feed = FeedViewModel(client: buyer.client)
            await feed.refresh()

            // Away: the seller answers and accepts; nobody opens a screen.
            let _: ConversationMessage = try await seller.client.send(ConversationEndpoint.send(conversation.id, SendMessageRequest(text: "Tomorrow at noon")))
            let _: Order = try await seller.client.send(OrderEndpoint.act(order.id, .accept))

            let report = try await buyer.client.catchUp()
            #expect(report.changes >= 2 && !report.startedOver)
            #expect(report.reloaded.contains("orders/\(order.id.wireString)"))
            #expect(report.reloaded.contains { $0.hasPrefix("conversations/\(conversation.id.wireString)/messages") })
            #expect(!report.reloaded.contains { $0.hasPrefix("listings") }, "\(report.reloaded)")  // nothing changed there

            // The network goes; what the store holds is what changed, though no screen asked.
            await market.stopServing()
            let relaunched = market.session(store: tokens)
            #expect(await relaunched.restore())
            let orderOffline = OrderDetailViewModel(orderID: order.id, client: relaunched.client)
            await orderOffline.load()
            #expect(orderOffline.isOffline && orderOffline.order?.status == .accepted)
            let threadOffline = ConversationViewModel(conversationID: conversation.id, client: relaunched.client)
            await threadOffline.load()
            #expect(threadOffline.messages.map(\.text) == ["When can I pick it up?", "Tomorrow at noon"])

            // Offline, catching up fails and asks from the same place next time.
            let cursor = relaunched.client.store?.changesCursor
            await #expect(throws: APIClientError.self) { try await relaunched.client.catchUp() }
            #expect(relaunched.client.store?.changesCursor == cursor)
        }
    }

    @Test("a cursor the server no longer reaches back to (410): every kept answer loads again, and a listing gone since is forgotten")
    func startOver() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let lamp = try await market.listing("Lamp", by: seller)
            let shelf = try await market.listing("Shelf", by: seller)
            let lampScreen = ListingDetailViewModel(listingID: lamp.id, client: buyer.client, me: buyer.user?.id)
            await lampScreen.load()
            let shelfScreen = ListingDetailViewModel(listingID: shelf.id, client: buyer.client, me: buyer.user?.id)
            await shelfScreen.load()
            let store = try #require(buyer.client.store)
            try await seller.client.send(ListingEndpoint.delete(lamp.id)) as ListingRemoval

            // A cursor from 31 days ago, as a device away that long holds (the server's own form).
            let old = Date().addingTimeInterval(-31 * 86_400).timeIntervalSinceReferenceDate
            store.changesCursor = Base64URL.encode(Data(#"{"at":\#(old)}"#.utf8))
            let report = try await buyer.client.catchUp()
            #expect(report.startedOver)
            #expect(Set(report.reloaded) == ["listings/\(lamp.id.wireString)", "listings/\(shelf.id.wireString)"])
            #expect(store.changesCursor != nil && store.changesCursor != Base64URL.encode(Data(#"{"at":\#(old)}"#.utf8)))

            let again = ListingDetailViewModel(listingID: lamp.id, client: buyer.client, me: buyer.user?.id)
            await market.stopServing()
            await again.load()
            #expect(again.listing == nil, "the deleted lamp is no longer kept")
        }
    }
}
