import Foundation

/// A checked message: text trimmed and within bounds.
public struct MessageDraft: Sendable, Equatable {
    public var text: String
    public var clientId: String?
}

/// Body of `POST /api/v1/conversations/{id}/read`: read up to this message (the newest when
/// left out).
public struct MarkReadRequest: Codable, Sendable, Equatable {
    public var upTo: UUID?

    public init(upTo: UUID? = nil) {
        self.upTo = upTo
    }
}

/// Someone the viewer has blocked.
public struct BlockedUser: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var blockedAt: Date

    public init(id: UUID, name: String, blockedAt: Date) {
        self.id = id
        self.name = name
        self.blockedAt = blockedAt
    }
}

/// `GET /api/v1/blocks`.
public struct BlockList: Codable, Sendable, Equatable {
    public var items: [BlockedUser]

    public init(items: [BlockedUser]) {
        self.items = items
    }
}
