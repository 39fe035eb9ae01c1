import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing
import Vapor

/// The SDK with the network gone: the live server stops serving in the middle of a test (its
/// socket closed, its database kept) and starts again on the same address.
@Suite("SDK offline reads")
@MainActor
struct OfflineReadTests {
    /// Once `hold()` is called, holds the server's answers to GETs under `path` until
    /// `release()`: a slow network, seen from the server.
    final class HoldReads: AsyncMiddleware, @unchecked Sendable {
        let path: String
        private let lock = NSLock()
        private var held = false
        private var arrived = 0

        init(path: String) { self.path = path }

        func hold() { lock.withLock { held = true; arrived = 0 } }
        func release() { lock.withLock { held = false } }
        var waiting: Int { lock.withLock { arrived } }

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            if request.method == .GET, request.url.path.hasPrefix(path) {
                lock.withLock { arrived += 1 }
                while lock.withLock({ held }) { try await Task.sleep(for: .milliseconds(10)) }
            }
            return try await next.respond(to: request)
        }
    }

    @Test("every screen read once online opens offline after a relaunch with what it showed, saying offline and as of when; back online it is fresh")
    func screensOffline() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let tokens = MemoryTokenStore()
            let buyer = try await market.person("Buyer", store: tokens)
            let desk = try await market.listing("Standing desk", by: seller)
            try await market.listing("Bookshelf", by: seller)
            let order: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))
            let conversation: Conversation = try await buyer.client.send(ConversationEndpoint.openAboutListing(desk.id))
            let _: ConversationMessage = try await buyer.client.send(ConversationEndpoint.send(conversation.id, SendMessageRequest(text: "Is it still there?")))

            // One visit to each screen, online.
            try await buyer.refreshUser()
            let feed = FeedViewModel(client: buyer.client)
            await feed.refresh()
            #expect(feed.listings.items.map(\.title) == ["Bookshelf"])  // the desk is sold
            let detail = ListingDetailViewModel(listingID: desk.id, client: buyer.client, me: buyer.user?.id)
            await detail.load()
            let orders = OrdersViewModel(client: buyer.client)
            await orders.refresh()
            let orderDetail = OrderDetailViewModel(orderID: order.id, client: buyer.client)
            await orderDetail.load()
            let inbox = InboxViewModel(client: buyer.client)
            await inbox.refresh()
            let thread = ConversationViewModel(conversationID: conversation.id, client: buyer.client)
            await thread.load()
            let notifications = NotificationsViewModel(client: buyer.client)
            await notifications.refresh()
            for screen in [feed, detail, orders, orderDetail, inbox, thread, notifications] as [any ReadingScreen] {
                #expect(screen.isOffline == false && screen.errorMessage == nil)
                #expect(screen.lastSynced != nil)
            }
            let visited = Date()

            // The network goes; the app is started again from its stored session.
            await market.stopServing()
            let relaunched = market.session(store: tokens)
            #expect(await relaunched.restore())
            #expect(relaunched.user?.name == "Buyer")  // the profile as kept

            let feedAgain = FeedViewModel(client: relaunched.client)
            await feedAgain.refresh()
            #expect(feedAgain.listings.items.map(\.title) == ["Bookshelf"])
            let detailAgain = ListingDetailViewModel(listingID: desk.id, client: relaunched.client, me: relaunched.user?.id)
            await detailAgain.load()
            #expect(detailAgain.listing?.title == "Standing desk")
            let ordersAgain = OrdersViewModel(client: relaunched.client)
            await ordersAgain.refresh()
            #expect(ordersAgain.orders.items.map(\.id) == [order.id])
            let orderAgain = OrderDetailViewModel(orderID: order.id, client: relaunched.client)
            await orderAgain.load()
            #expect(orderAgain.order?.confirmationCode == order.confirmationCode)
            let inboxAgain = InboxViewModel(client: relaunched.client)
            await inboxAgain.refresh()
            #expect(inboxAgain.conversations.items.map(\.id) == [conversation.id])
            let threadAgain = ConversationViewModel(conversationID: conversation.id, client: relaunched.client)
            await threadAgain.load()
            #expect(threadAgain.messages.map(\.text) == ["Is it still there?"])
            let notificationsAgain = NotificationsViewModel(client: relaunched.client)
            await notificationsAgain.refresh()
            #expect(notificationsAgain.notifications.items.map(\.id) == notifications.notifications.items.map(\.id))

            for screen in [feedAgain, detailAgain, ordersAgain, orderAgain, inboxAgain, threadAgain, notificationsAgain] as [any ReadingScreen] {
                #expect(screen.isOffline, "\(type(of: screen)) says it is offline")
                #expect(screen.errorMessage == nil, "\(type(of: screen)) shows what it kept, not an error")
                #expect(try #require(screen.lastSynced) <= visited, "\(type(of: screen)) says when it was fresh")
            }

            // A screen never opened has nothing to show: the error, and not "offline".
            let ledger = LedgerViewModel(client: relaunched.client)
            await ledger.refresh()
            #expect(ledger.entries.items.isEmpty)
            #expect(ledger.isOffline == false)
            #expect(ledger.errorMessage?.hasPrefix("The server could not be reached") == true)

            // Back online: fresh, and no longer offline.
            try await market.serveAgain()
            await ordersAgain.refresh()
            #expect(ordersAgain.isOffline == false)
            #expect(try #require(ordersAgain.lastSynced) > visited)
        }
    }

    @Test("a screen shows what it kept at once, while the server's answer is on its way")
    func keptFirst() async throws {
        let held = HoldReads(path: "/api/v1/orders")
        try await withLiveMarket(faults: [held]) { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let desk = try await market.listing("Desk", by: seller)
            let order: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))
            let first = OrdersViewModel(client: buyer.client)
            await first.refresh()
            #expect(first.orders.items.map(\.id) == [order.id])

            held.hold()
            let screen = OrdersViewModel(client: buyer.client)
            let loading = Task { await screen.refresh() }
            while held.waiting == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(screen.orders.items.map(\.id) == [order.id], "shown from the device before the server answered")
            #expect(screen.isLoading)
            held.release()
            await loading.value
            #expect(screen.isLoading == false && screen.isOffline == false)
        }
    }

    @Test("signing out leaves no store and no kept photo on the device; another account's store is its own")
    func signOutForgets() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let listing = try await market.listing("Lamp", by: seller)
            let photo: ListingPhoto = try await seller.client.send(ListingEndpoint.addPhoto(listing.id, FileUpload(
                field: "photo", filename: "lamp.png", contentType: "image/png", data: Data(SampleImages.png))))
            let buyer = try await market.person("Buyer")
            let feed = FeedViewModel(client: buyer.client)
            await feed.refresh()
            _ = try await buyer.client.photo(photo, points: 100, scale: 2)
            let file = try #require(buyer.client.store?.file)
            #expect(FileManager.default.fileExists(atPath: file.path))
            #expect(try #require(buyer.client.store).usage.answers > 0)
            #expect(file != seller.client.store?.file)
            let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)

            await buyer.signOut()
            #expect(buyer.client.store == nil)
            let left = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            #expect(left.filter { $0.hasPrefix(file.lastPathComponent) }.isEmpty, "no store file, journal or WAL left: \(left)")
            #expect(await buyer.client.images.bytesInMemory == 0)
            #expect(seller.client.store.map { FileManager.default.fileExists(atPath: $0.file.path) } == true)
        }
    }

    /// What a live stream delivered, as the app saw it.
    final class Delivered: @unchecked Sendable {
        private let lock = NSLock()
        private var updates: [LiveUpdate] = []
        func append(_ update: LiveUpdate) { lock.withLock { updates.append(update) } }
        var isConnected: Bool { lock.withLock { updates.contains { if case .connected = $0 { true } else { false } } } }
        var messages: [String] {
            lock.withLock {
                updates.compactMap { if case .event(let event) = $0, case .message(let message) = event.payload { message.text } else { nil } }
            }
        }
    }

    @Test("a stream opened after the app was away (relaunched from its stored session) first delivers the messages it missed, in order, once")
    func streamResumesAfterAway() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let tokens = MemoryTokenStore()
            let buyer = try await market.person("Gus", store: tokens)
            let desk = try await market.listing("Oak desk", by: seller)
            let conversation: Conversation = try await buyer.client.send(ConversationEndpoint.openAboutListing(desk.id))
            func say(_ text: String) async throws {
                let _: ConversationMessage = try await seller.client.send(ConversationEndpoint.send(conversation.id, SendMessageRequest(text: text)))
            }

            let before = Delivered()
            let listening = Task { do { for try await update in buyer.client.liveEvents() { before.append(update) } } catch {} }
            #expect(await ConversationScreensTests.eventually { before.isConnected })
            try await say("one")
            #expect(await ConversationScreensTests.eventually { before.messages == ["one"] })
            listening.cancel()
            await listening.value
            #expect(try #require(buyer.client.store).lastEventID != nil, "the last event handled is noted")

            // Away: the app is closed while two more arrive.
            try await say("two")
            try await say("three")
            let relaunched = market.session(store: tokens)
            #expect(await relaunched.restore())
            let after = Delivered()
            let resumed = Task { do { for try await update in relaunched.client.liveEvents() { after.append(update) } } catch {} }
            #expect(await ConversationScreensTests.eventually { after.messages == ["two", "three"] }, "\(after.messages)")
            resumed.cancel()
            await resumed.value
        }
    }
}

