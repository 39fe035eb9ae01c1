import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing
import Vapor

/// Writes made with the network gone: kept in the outbox, sent in order once it returns, each
/// exactly once; writes that must not wait are refused, never kept.
@Suite("SDK outbox")
@MainActor
struct OutboxTests {
    /// Once armed, lets the next `POST` under `prefix` run to its commit, holds its answer until
    /// released, then breaks the connection in the middle of it: with the server stopped around
    /// it meanwhile, the server went away after doing the write and before the answer left.
    final class StopAfterCommit: AsyncMiddleware, @unchecked Sendable {
        let prefix: String
        private let lock = NSLock()
        private var armed = false
        private var done = false
        private var released = false

        init(prefix: String) { self.prefix = prefix }

        func arm() { lock.withLock { armed = true } }
        func release() { lock.withLock { released = true } }
        var committed: Bool { lock.withLock { done } }

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            let hold = request.method == .POST && request.url.path.hasPrefix(prefix) && lock.withLock {
                defer { armed = false }
                return armed
            }
            let response = try await next.respond(to: request)
            guard hold else { return response }
            lock.withLock { done = true }
            while !lock.withLock({ released }) { try await Task.sleep(for: .milliseconds(10)) }
            return Response(status: response.status, body: .init(asyncStream: { writer in try await writer.write(.error(Abort(.gone))) }))
        }
    }

    @Test("offline, messages and a favorite wait in order and show as waiting; buying is refused, not kept; back online each is sent once")
    func waitsThenSendsOnce() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let buyer = try await market.person("Gus")
            let desk = try await market.listing("Oak desk", by: seller)
            let shelf = try await market.listing("Bookshelf", by: seller)
            let conversation: Conversation = try await buyer.client.send(ConversationEndpoint.openAboutListing(desk.id))
            let thread = ConversationViewModel(conversationID: conversation.id, client: buyer.client)
            await thread.load()
            let favorites = FavoritesViewModel(client: buyer.client)
            let detail = ListingDetailViewModel(listingID: desk.id, client: buyer.client, me: buyer.user?.id)
            await detail.load()

            await market.stopServing()
            thread.draft = "Is it still there?"
            #expect(await thread.send())
            #expect(thread.draft.isEmpty && thread.errorMessage == nil)
            #expect(await favorites.save(shelf.id))
            thread.draft = "I can come at five."
            #expect(await thread.send())
            #expect(thread.waiting.map(\.summary) == ["Message: Is it still there?", "Message: I can come at five."])
            #expect(thread.messages.isEmpty)
            #expect(await detail.buy() == false)
            #expect(detail.errorMessage?.hasPrefix("The server could not be reached") == true)
            let outbox = try #require(buyer.client.store).outbox
            #expect(outbox.map(\.summary) == ["Message: Is it still there?", "Save a listing", "Message: I can come at five."])
            #expect(outbox.allSatisfy { !$0.isFailed })

            try await market.serveAgain()
            await thread.sendWaiting()
            #expect(thread.waiting.isEmpty)
            #expect(try #require(buyer.client.store).outbox.isEmpty)
            #expect(thread.messages.map(\.text) == ["Is it still there?", "I can come at five."])
            let sellerSide: MessagePage = try await seller.client.send(ConversationEndpoint.messages(conversation.id))
            #expect(sellerSide.items.map(\.text) == ["I can come at five.", "Is it still there?"])
            let saved: FavoritePage = try await buyer.client.send(FavoriteEndpoint.list())
            #expect(saved.items.map(\.listingId) == [shelf.id])
            let orders: OrderPage = try await buyer.client.send(OrderEndpoint.list(OrderFilter()))
            #expect(orders.items.isEmpty, "nothing bought while offline")
        }
    }

    @Test("the server stops after making a listing and before its answer left: the write waits with its key and, sent again, is made once")
    func lostAnswerMadeOnce() async throws {
        let stop = StopAfterCommit(prefix: "/api/v1/listings")
        try await withLiveMarket(faults: [stop]) { market in
            let seller = try await market.person("Sam")
            let input = ListingInput(title: "Oak desk", categories: ["furniture"], condition: "good", salePriceCents: 4_000)

            stop.arm()
            let sending = Task { try await seller.client.sendOrKeep(ListingEndpoint.create(input), as: Listing.self, summary: "New listing: Oak desk") }
            while !stop.committed { try await Task.sleep(for: .milliseconds(10)) }
            // The listener closes at once; the server then waits for the held answer.
            let stopping = Task { await market.stopServing() }
            try await Task.sleep(for: .milliseconds(200))
            stop.release()
            guard case .waiting(let item) = try await sending.value else {
                Issue.record("the listing was answered, though the server had stopped")
                return
            }
            await stopping.value
            #expect(item.summary == "New listing: Oak desk" && !item.isFailed)

            try await market.serveAgain()
            #expect(await seller.client.sendWaiting() == 1)
            let mine: ListingPage = try await seller.client.send(ListingEndpoint.search(ListingQuery(seller: seller.user?.id)))
            #expect(mine.items.map(\.title) == ["Oak desk"], "made once, though sent again")
            #expect(market.requests.count("POST /api/v1/listings") >= 2)
        }
    }

    @Test("a waiting write the server refuses is marked failed with its message and not sent again; the writes behind it still go")
    func refusedFails() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let buyer = try await market.person("Gus")
            let lamp = try await market.listing("Lamp", by: seller)
            let desk = try await market.listing("Oak desk", by: seller)
            let favorites = FavoritesViewModel(client: buyer.client)

            await market.stopServing()
            #expect(await favorites.save(lamp.id))
            #expect(await favorites.save(desk.id))
            try await market.serveAgain()
            try await seller.client.send(ListingEndpoint.delete(lamp.id))

            #expect(await buyer.client.sendWaiting() == 1)
            let outbox = try #require(buyer.client.store).outbox
            #expect(outbox.count == 1)
            let failed = try #require(outbox.first)
            #expect(failed.summary == "Save a listing")
            #expect(failed.failure?.isEmpty == false, "the server's word is kept")
            #expect(await buyer.client.sendWaiting() == 0, "a failed write is not sent again")
            await favorites.refresh()
            #expect(favorites.favorites.items.map(\.listingId) == [desk.id])
            #expect(try #require(buyer.client.store).dropFromOutbox(failed.id))
            #expect(try #require(buyer.client.store).outbox.isEmpty)
        }
    }

    @Test("offline, a report waits and says so, and a notification shows read at once; back online both reach the server")
    func reportAndReadWait() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let buyer = try await market.person("Gus")
            let desk = try await market.listing("Oak desk", by: seller)
            let _: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))
            let notifications = NotificationsViewModel(client: seller.client)
            await notifications.refresh()
            let news = try #require(notifications.notifications.items.first { $0.readAt == nil })
            let unread = notifications.unreadCount

            await market.stopServing()
            await notifications.markRead(news)
            #expect(notifications.errorMessage == nil)
            #expect(notifications.notifications.items.first { $0.id == news.id }?.readAt != nil)
            #expect(notifications.unreadCount == max(0, unread - 1))
            let report = ReportViewModel(client: buyer.client, subject: .listing, id: desk.id)
            report.reason = .scam
            report.details = "Asked me to pay outside the app."
            #expect(await report.send())
            #expect(report.sent == nil && report.waiting?.summary == "Report: scam")

            try await market.serveAgain()
            #expect(await seller.client.sendWaiting() == 1)
            #expect(await buyer.client.sendWaiting() == 1)
            let fresh: NotificationPage = try await seller.client.send(NotificationEndpoint.list())
            #expect(fresh.items.first { $0.id == news.id }?.readAt != nil, "read on the server too")
            try await market.operatorRuns("users", "grant", try #require(seller.user?.email), "moderator")
            let queue: Page<ModerationCase> = try await seller.client.send(ModerationEndpoint.queue())
            #expect(queue.items.count == 1, "the report arrived once")
        }
    }

    @Test("an edit saved offline names the version it was made from: after an edit on another device it is refused 412, kept failed with the student's fields as a draft, and the other edit stands")
    func conflictingEditIsKeptAsDraft() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let desk = try await market.listing("Oak desk", by: seller, sale: 5_000)
            #expect(desk.version == 1)
            let phone = ListingEditorViewModel(client: seller.client, editing: desk)

            await market.stopServing()
            phone.salePrice = "30.00"
            #expect(await phone.save())
            #expect(phone.waiting?.summary == "Edit: Oak desk" && phone.saved == nil)

            try await market.serveAgain()
            // Meanwhile, on the laptop, from the same version.
            var laptop = ListingInput(title: "Oak desk", categories: ["furniture"], condition: "good", salePriceCents: 4_500)
            let edited: Listing = try await seller.client.send(ListingEndpoint.replace(desk.id, laptop, version: 1))
            #expect(edited.version == 2)

            #expect(await seller.client.sendWaiting() == 0)
            let store = try #require(seller.client.store)
            let failed = try #require(store.outbox.first)
            #expect(failed.failure?.hasPrefix("This listing changed since") == true, "\(failed.failure ?? "")")
            #expect(failed.draft(as: ListingInput.self)?.salePriceCents == 3_000, "the student's version is kept")
            let now: Listing = try await seller.client.send(ListingEndpoint.show(desk.id))
            #expect(now.salePriceCents == 4_500 && now.version == 2, "the laptop's edit stands")

            // Made again on the fresh copy, it applies.
            let again = ListingEditorViewModel(client: seller.client, editing: now)
            again.salePrice = "30.00"
            #expect(await again.save())
            #expect(again.saved?.salePriceCents == 3_000 && again.saved?.version == 3)
            laptop.salePriceCents = 4_000
            let late = try? await seller.client.send(ListingEndpoint.replace(desk.id, laptop, version: 2)) as Listing
            #expect(late == nil, "the laptop's copy is now the stale one")
        }
    }

    @Test("a new listing saved offline from the editor waits with its photos behind it, once however often it is saved, and is made once back online, photos and all")
    func newListingWaits() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let editor = ListingEditorViewModel(client: seller.client)
            editor.title = "Reading lamp"
            editor.categories = [.furniture]
            editor.condition = .good
            editor.salePrice = "12.00"
            editor.addPhoto(Data(SampleImages.jpeg), filename: "lamp.jpg", contentType: "image/jpeg")

            await market.stopServing()
            #expect(await editor.save())
            #expect(editor.waiting?.summary == "New listing: Reading lamp" && editor.saved == nil && editor.newPhotos.isEmpty)
            editor.addPhoto(Data(SampleImages.png), filename: "shade.png", contentType: "image/png")
            #expect(await editor.save())
            let store = try #require(seller.client.store)
            #expect(store.outbox.map(\.summary) == ["New listing: Reading lamp", "Photo: lamp.jpg", "Photo: shade.png"],
                    "saved twice, the listing kept once, each photo once behind it")

            try await market.serveAgain()
            #expect(await seller.client.sendWaiting() == 3)
            #expect(store.outbox.isEmpty)
            let mine: ListingPage = try await seller.client.send(ListingEndpoint.search(ListingQuery(seller: seller.user?.id)))
            #expect(mine.items.map(\.title) == ["Reading lamp"])
            let lamp: Listing = try await seller.client.send(ListingEndpoint.show(try #require(mine.items.first).id))
            #expect(lamp.photos.count == 2)
        }
    }
}

