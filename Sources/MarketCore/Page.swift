/// One page of a list, newest or best first. `nextCursor` is written as `null` on the last page
/// rather than left out, so clients need not guess; pass it as `cursor` for the next page.
public struct Page<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    private enum CodingKeys: String, CodingKey { case items, nextCursor }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

public typealias ListingPage = Page<Listing>
public typealias OrderPage = Page<Order>
public typealias TradeOfferPage = Page<TradeOffer>
