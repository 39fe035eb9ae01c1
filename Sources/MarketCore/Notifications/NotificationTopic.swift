import Foundation

/// What a notification is about, as a person chooses how to hear of it.
public enum NotificationTopic: String, Codable, Sendable, CaseIterable {
    case messages
    /// Orders, rentals, trade offers and meetups.
    case orders
    case savedSearches
    case favorites

    public var label: Phrase {
        switch self {
        case .messages: "Messages"
        case .orders: "Orders and offers"
        case .savedSearches: "Saved searches"
        case .favorites: "Saved listings"
        }
    }

    /// What arrives under this topic, and how mail about it is sent.
    public var explanation: Phrase {
        switch self {
        case .messages: "A new message. Mailed only when it is still unread a few minutes later."
        case .orders: "Purchases, rentals, trade offers, meetups and their changes. Mailed only when still unread a few minutes later."
        case .savedSearches: "A new listing matches a search you saved. Mailed once a day, all together."
        case .favorites: "A listing you saved costs less, or someone is buying it. Mailed once a day, all together."
        }
    }

    /// Mailed together once a day rather than a few minutes after, when still unread.
    public var isDigest: Bool { self == .savedSearches || self == .favorites }
}
