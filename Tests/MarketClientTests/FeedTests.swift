import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

@Suite("SDK feed and listing screens")
@MainActor
struct FeedTests {
    @Test("the feed searches once typing pauses, filters by category, offer and sort, pages by cursor and refreshes")
    func feed() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            try await market.listing("Calculus textbook", by: seller, categories: [.textbooks], sale: 4_000)
            try await market.listing("Calculator", by: seller, categories: [.electronics], sale: 1_500)
            try await market.listing("Desk lamp", by: seller, sale: 900, rent: 100, unit: .day)
            try await market.listing("Desk chair", by: seller, sale: 3_000)

            let feed = FeedViewModel(client: APIClient(baseURL: market.url), debounce: .milliseconds(150), pageSize: 2)
            #expect(feed.listings.isLoaded == false)
            await feed.refresh()
            #expect(feed.listings.items.map(\.title) == ["Desk chair", "Desk lamp"])  // newest first
            #expect(feed.listings.hasMore)
            await feed.loadMore(after: try #require(feed.listings.items.first))  // not the last row: nothing to load yet
            #expect(feed.listings.items.count == 2)
            await feed.loadMore(after: try #require(feed.listings.items.dropFirst().first))
            #expect(feed.listings.items.map(\.title) == ["Desk chair", "Desk lamp", "Calculator", "Calculus textbook"])
            #expect(feed.listings.hasMore == false)

            // Typing "c", "ca", "calc" quickly sends one search, for the last text.
            let before = market.requests.count("GET /api/v1/listings?")
            feed.searchText = "c"
            feed.searchText = "ca"
            feed.searchText = "calc"
            await feed.settle()
            #expect(market.requests.count("GET /api/v1/listings?") == before + 1)
            #expect(Set(feed.listings.items.map(\.title)) == ["Calculus textbook", "Calculator"])
            #expect(feed.availableSorts.contains(.relevance))

            feed.category = .electronics
            await feed.settle()
            #expect(feed.listings.items.map(\.title) == ["Calculator"])

            feed.category = nil
            feed.searchText = ""
            feed.offer = .rent
            await feed.settle()
            #expect(feed.listings.items.map(\.title) == ["Desk lamp"])

            feed.offer = nil
            feed.sort = .priceAsc
            await feed.settle()
            #expect(feed.listings.items.map(\.title) == ["Desk lamp", "Calculator"])

            // Pull to refresh sees a new listing.
            feed.sort = nil
            await feed.settle()
            try await market.listing("Bookshelf", by: seller, sale: 2_000)
            await feed.refresh()
            #expect(feed.listings.items.first?.title == "Bookshelf")
            feed.layout = .grid
            #expect(feed.layout == .grid)
        }
    }

    @Test("a search the server would refuse is shown as a field error before sending")
    func badSearch() async {
        let feed = FeedViewModel(client: unreachableSession().client, debounce: .zero)
        feed.searchText = String(repeating: "x", count: ListingQuery.maxTextLength + 1)
        await feed.settle()
        #expect(feed.fieldErrors["q"] != nil)
        #expect(feed.errorMessage == "Check the highlighted field.")
    }

    @Test("buying with pickup; a second buyer gets the server's 409 as a message and sees the listing sold")
    func buy() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let late = try await market.person("Late")
            let desk = try await market.listing("Desk", by: seller, sale: 2_500)

            let screen = ListingDetailViewModel(listingID: desk.id, client: buyer.client, me: buyer.user?.id)
            let slow = ListingDetailViewModel(listingID: desk.id, client: late.client, me: late.user?.id)
            await screen.load()
            await slow.load()
            #expect(screen.canBuy && slow.canBuy)
            #expect(screen.purchaseTotalCents == 2_500)

            #expect(await screen.buy())
            #expect(screen.placedOrder?.status == .pending)
            #expect(screen.placedOrder?.confirmationCode != nil)

            #expect(await slow.buy() == false)
            #expect(slow.placedOrder == nil)
            #expect(slow.errorMessage?.isEmpty == false)
            #expect(slow.listing?.status != .active)
            #expect(slow.canBuy == false)

            // The seller sees their own listing: nothing to buy.
            let own = ListingDetailViewModel(listingID: desk.id, client: seller.client, me: seller.user?.id)
            await own.load()
            #expect(own.isOwnListing && !own.canBuy)
        }
    }

    @Test("buying with delivery: a quote first (a missing zone is a field error), then the total includes its fee")
    func buyWithDelivery() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let lamp = try await market.listing("Lamp", by: seller, sale: 1_000)
            let screen = ListingDetailViewModel(listingID: lamp.id, client: buyer.client, me: buyer.user?.id)
            await screen.load()
            screen.fulfillment = .delivery
            #expect(await screen.buy() == false)
            #expect(screen.fieldErrors["quoteId"] != nil)

            await screen.requestQuote()
            #expect(screen.fieldErrors["dropoff"] != nil)
            screen.dropoff = "nowhere"
            await screen.requestQuote()
            #expect(screen.fieldErrors["dropoff"] != nil)  // the server's zones
            screen.dropoff = "north"
            await screen.requestQuote()
            let quote = try #require(screen.quote)
            #expect(screen.purchaseTotalCents == 1_000 + quote.fee)
            #expect(await screen.buy())
            #expect(screen.placedOrder?.fulfillment == .delivery)
            #expect(screen.placedOrder?.totalCents == 1_000 + quote.fee)
        }
    }

    @Test("renting: the price follows the dates, booked periods show, an overlap is refused before sending and a race is a 409 message")
    func rent() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let first = try await market.person("First")
            let second = try await market.person("Second")
            let bike = try await market.listing("Bike", by: seller, sale: nil, rent: 500, unit: .day)
            let start = Date().addingTimeInterval(86_400).rounded()

            let screen = ListingDetailViewModel(listingID: bike.id, client: first.client, me: first.user?.id)
            let other = ListingDetailViewModel(listingID: bike.id, client: second.client, me: second.user?.id)
            await screen.load()
            await other.load()
            #expect(screen.canRent && !screen.canBuy)
            screen.rentStart = start
            screen.rentEnd = start.addingTimeInterval(86_400)
            #expect(screen.rentalTotalCents == 500)
            screen.rentEnd = start.addingTimeInterval(3 * 86_400)
            #expect(screen.rentalTotalCents == 1_500)

            screen.rentEnd = start  // ends when it starts
            #expect(await screen.rent() == false)
            #expect(screen.fieldErrors["end"] != nil)

            screen.rentEnd = start.addingTimeInterval(3 * 86_400)
            #expect(await screen.rent())
            #expect(screen.placedOrder?.rentalUnits == 3)
            #expect(screen.booked.count == 1)

            // The other screen loaded before that booking: the server refuses with 409.
            other.rentStart = start.addingTimeInterval(86_400)
            other.rentEnd = start.addingTimeInterval(2 * 86_400)
            #expect(other.overlapsBooking == false)
            #expect(await other.rent() == false)
            #expect(other.fieldErrors["start"]?.english.hasPrefix("overlaps a booking") == true)
            #expect(other.errorMessage?.isEmpty == false)
            #expect(other.booked.count == 1)
            // Now it knows: the overlap is found before sending.
            #expect(other.overlapsBooking)
            #expect(await other.rent() == false)
            #expect(other.fieldErrors["start"] != nil)
        }
    }

    @Test("a trade offer: my listings to choose from, a bad cash amount is a field error, then the offer is sent")
    func trade() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let offerer = try await market.person("Offerer")
            let console = try await market.listing("Console", by: seller, sale: nil, trade: true)
            let games = try await market.listing("Games", by: offerer, sale: 1_000)

            let screen = ListingDetailViewModel(listingID: console.id, client: offerer.client, me: offerer.user?.id)
            await screen.load()
            #expect(screen.canOfferTrade)
            #expect(screen.myListings.map(\.id) == [games.id])

            #expect(await screen.offerTrade() == false)
            #expect(screen.fieldErrors["offeredListingIds"] != nil)
            screen.offeredIDs = [games.id]
            screen.cashTopUp = "ten"
            #expect(await screen.offerTrade() == false)
            #expect(screen.fieldErrors["cashTopUpCents"] != nil)
            screen.cashTopUp = "10"
            #expect(await screen.offerTrade())
            #expect(screen.sentOffer?.cashTopUpCents == 1_000)
            #expect(screen.sentOffer?.status == .pending)
        }
    }
}

extension Date {
    /// Whole seconds, as the wire carries them.
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }

    @Test("the client revalidates the feed and a listing with their ETags: unchanged, a 304 and the same page; changed, the new one")
    func revalidation() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let lamp = try await market.listing("Desk lamp", by: seller, sale: 900)
            let client = APIClient(baseURL: market.url)
            let feed = ListingEndpoint.search(ListingQuery())
            let first: ListingPage = try await client.send(feed)
            let again: ListingPage = try await client.send(feed)
            #expect(again == first)
            #expect(market.requests.answered.suffix(2).map { String($0.prefix(4)) } == ["200 ", "304 "])

            try await market.listing("Desk chair", by: seller, sale: 3_000)
            let changed: ListingPage = try await client.send(feed)
            #expect(changed.items.map(\.title) == ["Desk chair", "Desk lamp"])
            #expect(market.requests.answered.last?.hasPrefix("200 GET /api/v1/listings") == true)

            let one: Listing = try await client.send(ListingEndpoint.show(lamp.id))
            let oneAgain: Listing = try await client.send(ListingEndpoint.show(lamp.id))
            #expect(oneAgain == one)
            #expect(market.requests.answered.last?.hasPrefix("304 GET /api/v1/listings/") == true)
            // Signed in, the same address is another person's answer: asked afresh, never mixed.
            let mine: Listing = try await seller.client.send(ListingEndpoint.show(lamp.id))
            #expect(mine.savedCount == 0)
            #expect(market.requests.answered.last?.hasPrefix("200 ") == true)
        }
    }
}
