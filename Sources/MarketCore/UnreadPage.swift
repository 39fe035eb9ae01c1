/// A page of a list with something unread in it (notifications, conversations): the unread
/// total counts the whole list, not only this page.
public struct UnreadPage<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var items: [Item]
    public var nextCursor: String?
    public var unreadCount: Int

    public init(items: [Item], nextCursor: String?, unreadCount: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.unreadCount = unreadCount
    }

    private enum CodingKeys: String, CodingKey { case items, nextCursor, unreadCount }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(unreadCount, forKey: .unreadCount)
    }
}
