import Foundation

/// The other person in a conversation, as the viewer sees them.
public struct ConversationPerson: Codable, Sendable, Equatable, Hashable {
    public var id: UUID
    public var name: String
    /// A moderator suspended this account: it cannot answer.
    public var suspended: Bool

    public init(id: UUID, name: String, suspended: Bool = false) {
        self.id = id
        self.name = name
        self.suspended = suspended
    }
}

/// The listing a conversation is about: enough to show it at the top of the thread.
public struct ConversationListing: Codable, Sendable, Equatable, Hashable {
    public var id: UUID
    public var title: String
    public var status: ListingStatus

    public init(id: UUID, title: String, status: ListingStatus) {
        self.id = id
        self.title = title
        self.status = status
    }
}

/// Two accounts talking about one listing: the person who asked and the listing's seller.
public struct Conversation: Codable, Sendable, Equatable, Identifiable, Hashable {
    public var id: UUID
    public var listing: ConversationListing
    public var otherUser: ConversationPerson
    /// Whether the viewer is the listing's seller in this conversation.
    public var isSeller: Bool
    public var lastMessage: ConversationMessage?
    /// Messages from the other person the viewer has not read.
    public var unreadCount: Int
    /// The other person's read position: the newest of the viewer's messages they have read.
    public var otherReadUpTo: UUID?
    /// Either side has blocked the other: no new message can be sent.
    public var blocked: Bool
    public var createdAt: Date
    public var lastActivityAt: Date

    public init(id: UUID, listing: ConversationListing, otherUser: ConversationPerson, isSeller: Bool,
                lastMessage: ConversationMessage?, unreadCount: Int, otherReadUpTo: UUID?, blocked: Bool,
                createdAt: Date, lastActivityAt: Date) {
        self.id = id
        self.listing = listing
        self.otherUser = otherUser
        self.isSeller = isSeller
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
        self.otherReadUpTo = otherReadUpTo
        self.blocked = blocked
        self.createdAt = createdAt
        self.lastActivityAt = lastActivityAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(listing, forKey: .listing)
        try container.encode(otherUser, forKey: .otherUser)
        try container.encode(isSeller, forKey: .isSeller)
        try container.encode(lastMessage, forKey: .lastMessage)
        try container.encode(unreadCount, forKey: .unreadCount)
        try container.encode(otherReadUpTo, forKey: .otherReadUpTo)
        try container.encode(blocked, forKey: .blocked)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(lastActivityAt, forKey: .lastActivityAt)
    }
}

/// `GET /api/v1/conversations`: newest activity first, with the unread total across all of them.
public typealias ConversationPage = UnreadPage<Conversation>
