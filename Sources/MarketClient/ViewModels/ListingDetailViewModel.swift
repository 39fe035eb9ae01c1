import Foundation
import MarketCore
import Observation

/// One listing and the three ways to get it: buy (pickup, or delivery at a quoted fee), rent
/// (the price follows the dates; booked periods are shown and an overlap is refused before
/// sending), or offer a trade of one's own listings plus cash.
@MainActor
@Observable
public final class ListingDetailViewModel: ReadingScreen {
    public let listingID: UUID
    public private(set) var listing: Listing?
    /// Periods already rented, for the date pickers.
    public private(set) var booked: [BookedPeriod] = []

    // Buying.
    public var fulfillment: Fulfillment = .pickup { didSet { if fulfillment == .pickup { quote = nil } } }
    /// The campus zone to deliver to (the server's `DELIVERY_ZONES`).
    public var dropoff = ""
    public private(set) var quote: DeliveryQuote?

    // Renting: `[rentStart, rentEnd)`.
    public var rentStart: Date
    public var rentEnd: Date

    // Trading.
    /// My active listings I could offer.
    public private(set) var myListings: [Listing] = []
    public var offeredIDs: Set<UUID> = []
    /// Cash on top, as typed ("12.50").
    public var cashTopUp = ""

    /// What the last action made: the order (purchase, rental) or the trade offer sent.
    public private(set) var placedOrder: Order?
    public private(set) var sentOffer: TradeOffer?

    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient
    @ObservationIgnored private let me: UUID?
    @ObservationIgnored private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - listingID: the listing to show.
    ///   - client: usually ``SessionManager/client``.
    ///   - me: the signed-in person's id (``SessionManager/user``), to tell one's own listing.
    ///   - now: the clock rental dates start from (a test's or a preview's).
    public init(listingID: UUID, client: APIClient, me: UUID?, now: @escaping @Sendable () -> Date = Date.init) {
        self.listingID = listingID
        self.client = client
        self.me = me
        self.now = now
        let start = now().addingTimeInterval(3_600)
        rentStart = start
        rentEnd = start.addingTimeInterval(86_400)
    }

    public var isOwnListing: Bool { listing.map { $0.seller.id == me } ?? false }
    public var canBuy: Bool { offers(.buy) }
    public var canRent: Bool { offers(.rent) }
    public var canOfferTrade: Bool { offers(.trade) }

    /// Signed in, whether the listing offers `kind` to me (`Listing.offers`, the web page's rule too).
    private func offers(_ kind: OfferKind) -> Bool {
        guard let me, let listing else { return false }
        return listing.offers(kind, to: me)
    }

    /// What buying costs now: the price plus the quoted delivery fee.
    public var purchaseTotalCents: Int? {
        guard let price = listing?.salePriceCents else { return nil }
        return price + (fulfillment == .delivery ? quote?.fee ?? 0 : 0)
    }

    /// What renting `[rentStart, rentEnd)` costs, as the server will price it: days are counted
    /// on the listing's campus calendar, whatever zone the device is in.
    public var rentalTotalCents: Int? {
        guard let listing, let price = listing.rentPriceCents, let unit = listing.rentUnit, rentEnd > rentStart else { return nil }
        return RentalPricing.totalCents(from: rentStart, to: rentEnd, unit: unit, pricePerUnitCents: price, timeZone: listing.rentTimeZone)
    }

    /// Whether the chosen period overlaps a booked one (the server would answer 409).
    public var overlapsBooking: Bool {
        booked.contains { $0.start < rentEnd && rentStart < $0.end }
    }

    /// Loads the listing, its booked periods when it rents, and my listings when it trades.
    public func load() async {
        guard let listing = await read({ try await client.send(ListingEndpoint.show(listingID)) as Listing }, show: { listing = $0 }),
              !isOffline else { return }
        if listing.rentPriceCents != nil, let availability: Availability = await perform({
            try await client.send(OrderEndpoint.availability(listing: listingID))
        }) {
            booked = availability.booked
        }
        if listing.openToTrade, let me, !isOwnListing, let mine: ListingPage = await perform({
            try await client.send(ListingEndpoint.search(ListingQuery(seller: me, page: PageRequest(limit: 50))))
        }) {
            myListings = mine.items.filter { $0.id != listingID }
        }
    }

    /// Prices delivery to `dropoff`; `buy()` then cites the quote.
    public func requestQuote() async {
        let request = DeliveryQuoteRequest(listingId: listingID, dropoff: dropoff.trimmingCharacters(in: .whitespaces))
        if request.dropoff?.isEmpty ?? true {
            show(APIClientError.invalid(["dropoff": "is required: the campus zone to deliver to"]))
            return
        }
        quote = await perform { try await client.send(DeliveryQuoteEndpoint.create(request)) }
    }

    /// Buys the listing; on success `placedOrder` holds the order (and the buyer's code).
    @discardableResult
    public func buy() async -> Bool {
        let request = PurchaseRequest(fulfillment: fulfillment.rawValue, quoteId: fulfillment == .delivery ? quote?.id : nil)
        guard checked(request.validated()) != nil else { return false }
        placedOrder = await perform { try await client.send(OrderEndpoint.purchase(listing: listingID, request)) }
        await reloadAfterConflict()
        return placedOrder != nil
    }

    /// Rents `[rentStart, rentEnd)`.
    @discardableResult
    public func rent() async -> Bool {
        let request = RentalRequest(start: rentStart, end: rentEnd)
        // The longest rental is the server's setting; it checks that one.
        guard checked(request.validated(now: now(), maxDuration: .greatestFiniteMagnitude)) != nil else { return false }
        if overlapsBooking {
            show(APIClientError.invalid(["start": "overlaps a booked period: choose other dates"]))
            return false
        }
        placedOrder = await perform { try await client.send(OrderEndpoint.rent(listing: listingID, request)) }
        if placedOrder != nil { await reloadBooked() }
        await reloadAfterConflict()
        return placedOrder != nil
    }

    /// Offers the chosen listings (and cash) in exchange.
    @discardableResult
    public func offerTrade() async -> Bool {
        var typing = FieldErrors()
        let cash = MoneyText.field(cashTopUp, named: "cashTopUpCents", into: &typing)
        guard typing.isEmpty else {
            show(APIClientError.invalid(typing))
            return false
        }
        let request = TradeOfferRequest(offeredListingIds: myListings.map(\.id).filter(offeredIDs.contains), cashTopUpCents: cash)
        guard checked(request.validated()) != nil else { return false }
        sentOffer = await perform { try await client.send(TradeOfferEndpoint.offer(listing: listingID, request)) }
        return sentOffer != nil
    }

    /// After a 409 the listing changed under us (sold, booked): show it as it is now, keeping the message.
    private func reloadAfterConflict() async {
        guard placedOrder == nil, let message = errorMessage else { return }
        if let fresh: Listing = try? await client.send(ListingEndpoint.show(listingID)) { listing = fresh }
        if listing?.rentPriceCents != nil { await reloadBooked() }
        errorMessage = message
    }

    /// The booked periods as they are now; kept as they were when the server cannot say.
    private func reloadBooked() async {
        if let availability: Availability = try? await client.send(OrderEndpoint.availability(listing: listingID)) {
            booked = availability.booked
        }
    }
}
