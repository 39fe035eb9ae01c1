import Foundation

/// What changed for an account: one thing, named by its kind and id (`GET /api/v1/me/changes`).
/// An app that was away asks for these instead of loading every screen again, and loads again
/// only what they name.
public struct AccountChange: Codable, Sendable, Equatable {
    /// May grow: an app built before a kind was added sees `.unknown` and loads everything again.
    public enum Kind: String, OpenEnum {
        /// An order the account buys, rents or sells: made or moved a step.
        case order
        /// A message in one of the account's conversations (`parentId`: the conversation).
        case message
        /// A notification for the account: new, or read on another device.
        case notification
        /// A listing the account sells: made, edited, sold; `removed`: deleted. Also a listing it
        /// saved that was deleted.
        case listing
        /// A listing the account saved (`id`: the listing); `removed`: no longer saved.
        case favorite
        case unknown

        public static var allCases: [Kind] { [.order, .message, .notification, .listing, .favorite] }
    }

    public var kind: Kind
    public var id: UUID
    /// A message's conversation.
    public var parentId: UUID?
    /// A listing's edit version (`Listing.version`).
    public var version: Int64?
    public var changedAt: Date
    /// Gone: deleted, or no longer saved.
    public var removed: Bool

    public init(kind: Kind, id: UUID, parentId: UUID? = nil, version: Int64? = nil, changedAt: Date, removed: Bool = false) {
        self.kind = kind
        self.id = id
        self.parentId = parentId
        self.version = version
        self.changedAt = changedAt
        self.removed = removed
    }
}

/// A page of changes, oldest first. `cursor` is where the next request starts (pass it as
/// `since`); `more` says whether to ask again at once.
public struct AccountChangePage: Codable, Sendable, Equatable {
    public var changes: [AccountChange]
    public var cursor: String
    public var more: Bool

    public init(changes: [AccountChange], cursor: String, more: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.more = more
    }
}
