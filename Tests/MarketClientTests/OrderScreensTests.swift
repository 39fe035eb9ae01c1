import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

@Suite("SDK order screens")
@MainActor
struct OrderScreensTests {
    @Test("orders and order detail: the next steps the server allows, a wrong code, completion; activity and notifications follow")
    func lifecycle() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let desk = try await market.listing("Desk", by: seller, sale: 2_500)
            let order: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))
            let code = try #require(order.confirmationCode)

            let sellerOrders = OrdersViewModel(client: seller.client, role: .seller)
            await sellerOrders.refresh()
            #expect(sellerOrders.orders.items.map(\.id) == [order.id])
            let buyerOrders = OrdersViewModel(client: buyer.client, role: .seller)
            await buyerOrders.refresh()
            #expect(buyerOrders.orders.items.isEmpty)

            let buyerDetail = OrderDetailViewModel(orderID: order.id, client: buyer.client)
            await buyerDetail.load()
            #expect(buyerDetail.actions == [.cancel])

            let detail = OrderDetailViewModel(orderID: order.id, client: seller.client)
            await detail.load()
            #expect(Set(detail.actions) == [.accept, .decline])
            #expect(detail.order?.confirmationCode == nil)  // the seller never sees the code
            #expect(await detail.take(.accept))
            #expect(detail.order?.status == .accepted)
            #expect(await detail.take(.ready))
            #expect(detail.actions.contains(.complete))

            #expect(await detail.take(.complete) == false)
            #expect(detail.fieldErrors["confirmationCode"] != nil)
            detail.confirmationCode = "000000" == code ? "111111" : "000000"
            #expect(await detail.take(.complete) == false)
            #expect(detail.errorMessage?.isEmpty == false)
            detail.confirmationCode = code
            #expect(await detail.take(.complete))
            #expect(detail.order?.status == .completed)
            #expect(detail.actions.isEmpty)

            // The buyer's screen is stale: cancelling now is the server's 409, and it reloads.
            #expect(await buyerDetail.take(.cancel) == false)
            #expect(buyerDetail.errorMessage?.isEmpty == false)
            #expect(buyerDetail.order?.status == .completed)

            let activity = ActivityViewModel(client: buyer.client)
            await activity.refresh()
            #expect(activity.orders.items.map(\.id) == [order.id])
            activity.kind = .sold
            await activity.refresh()
            #expect(activity.orders.items.isEmpty)

            let notifications = NotificationsViewModel(client: seller.client)
            await notifications.refresh()
            #expect(notifications.unreadCount >= 1)
            let unread = notifications.unreadCount
            let first = try #require(notifications.notifications.items.first { $0.readAt == nil })
            await notifications.markRead(first)
            #expect(notifications.unreadCount == unread - 1)
            #expect(notifications.notifications.items.first { $0.id == first.id }?.readAt != nil)
            await notifications.markAllRead()
            #expect(notifications.unreadCount == 0)
            await notifications.refreshUnreadCount()
            #expect(notifications.unreadCount == 0)
        }
    }
}

@Suite("SDK money and profile screens")
@MainActor
struct MoneyAndProfileTests {
    @Test("expenses: add checks the amount and title first, the total is the server's, delete removes; the ledger shows all")
    func expenses() async throws {
        try await withLiveMarket { market in
            let ada = try await market.person("Ada")
            let screen = ExpensesViewModel(client: ada.client)
            await screen.refresh()
            #expect(screen.expenses.isLoaded && screen.expenses.items.isEmpty)

            screen.amount = "12,5x"
            let before = market.requests.all.count
            #expect(await screen.add() == false)
            #expect(Set(screen.fieldErrors.keys) == ["amountInCents", "expenseTitle"])
            #expect(market.requests.all.count == before)

            screen.title = "Lab goggles"
            screen.amount = "12.50"
            #expect(await screen.add())
            #expect(screen.title.isEmpty && screen.amount.isEmpty)
            screen.title = "Coffee"
            screen.amount = "3"
            #expect(await screen.add())
            #expect(screen.expenses.items.count == 2)
            #expect(screen.totals.map(\.totalSpentInCents) == [1_550])

            let coffee = try #require(screen.expenses.items.first { $0.expenseTitle == "Coffee" })
            await screen.delete(coffee)
            #expect(screen.expenses.items.map(\.expenseTitle) == ["Lab goggles"])
            #expect(screen.totals.map(\.totalSpentInCents) == [1_250])

            let ledger = LedgerViewModel(client: ada.client)
            await ledger.refresh()
            #expect(ledger.entries.items.map(\.title) == ["Lab goggles"])
            #expect(ledger.totals.first?.spentCents == 1_250)
        }
    }

    @Test("profile: privacy starts private; a changed choice is saved alone, and another student reads the name as chosen")
    func privacy() async throws {
        try await withLiveMarket { market in
            let sam = try await market.person("Sam Seller")
            let screen = ProfileViewModel(session: sam)
            #expect(screen.privacy == .private && screen.publicName == "Sam S.")
            let listing = try await market.listing("Oak desk", by: sam)
            let bea = try await market.person("Bea Buyer")
            let before: Listing = try await bea.client.send(ListingEndpoint.show(listing.id))
            #expect(before.seller.name == "Sam S.")

            screen.privacy.nameStyle = .full
            screen.privacy.contactAudience = .signedIn
            #expect(await screen.save())
            #expect(sam.user?.privacy == PrivacySettings(contactAudience: .signedIn, shownOutsideCampus: false, nameStyle: .full))
            let after: Listing = try await bea.client.send(ListingEndpoint.show(listing.id))
            #expect(after.seller.name == "Sam Seller")
        }
    }

    @Test("profile: starts filled, saves changes, a new email needs the current password, delete signs out")
    func profile() async throws {
        try await withLiveMarket { market in
            let ada = try await market.person("Ada")
            let screen = ProfileViewModel(session: ada)
            #expect(screen.name == "Ada" && screen.email == "ada@campus.edu")

            screen.name = "Ada L."
            screen.contactKind = .phone
            screen.contactValue = "555 0100"
            #expect(await screen.save())
            #expect(ada.user?.name == "Ada L.")
            #expect(ada.user?.contact == ContactMethod(kind: .phone, value: "555 0100"))
            #expect(screen.savedAt != nil)

            screen.email = "ada.l@campus.edu"
            #expect(await screen.save() == false)
            #expect(screen.fieldErrors["currentPassword"] != nil)
            screen.currentPassword = LiveMarket.password
            #expect(await screen.save())
            #expect(ada.user?.email == "ada.l@campus.edu")
            #expect(screen.currentPassword.isEmpty)

            #expect(await screen.deleteAccount() == false)  // the password is asked again
            #expect(ada.isAuthenticated)
            screen.currentPassword = LiveMarket.password
            #expect(await screen.deleteAccount())
            #expect(ada.isAuthenticated == false)
        }
    }

    @Test("the order screen arranges a meetup: spots load, a proposal goes out, the other side accepts; a changed one reloads with the reason")
    func meetup() async throws {
        let library = MeetupSpot(id: "library-steps", name: "Library steps", description: "", latitude: 42.2756, longitude: -83.7375)
        let union = MeetupSpot(id: "union-desk", name: "Union front desk", description: "", latitude: 42.2751, longitude: -83.7417)
        try await withLiveMarket(adjust: { $0.meetupSpots = [library, union] }) { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let desk = try await market.listing("Desk", by: seller)
            let order: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))

            let sellerScreen = OrderDetailViewModel(orderID: order.id, client: seller.client)
            await sellerScreen.load()
            await sellerScreen.loadSpots()
            #expect(sellerScreen.spots == [library, union] && sellerScreen.meetupSpotID == "library-steps")
            sellerScreen.meetupTime = Date().addingTimeInterval(-60)
            #expect(await sellerScreen.proposeMeetup() == false)
            #expect(sellerScreen.fieldErrors["at"] == "must be in the future", "caught before sending")
            sellerScreen.meetupTime = Date().addingTimeInterval(86_400)
            #expect(await sellerScreen.proposeMeetup())
            #expect(sellerScreen.meetupToAccept == nil, "my own proposal is not mine to accept")

            let buyerScreen = OrderDetailViewModel(orderID: order.id, client: buyer.client)
            await buyerScreen.load()
            #expect(buyerScreen.meetupToAccept?.spot.id == "library-steps")
            // The seller changes it before the buyer presses Accept.
            sellerScreen.meetupSpotID = "union-desk"
            #expect(await sellerScreen.proposeMeetup())
            #expect(await buyerScreen.acceptMeetup() == false)
            #expect(buyerScreen.errorMessage?.contains("changed meanwhile") == true)
            #expect(buyerScreen.meetupToAccept?.spot.id == "union-desk", "reloaded: the new proposal shows")
            #expect(await buyerScreen.acceptMeetup())
            #expect(buyerScreen.order?.meetup?.isAgreed == true)
        }
    }
}
