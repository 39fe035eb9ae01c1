import Foundation

/// How a notification reaches a person.
public enum NotificationChannel: String, Codable, Sendable, CaseIterable {
    case inApp
    case email
    case push

    public var label: Phrase {
        switch self {
        case .inApp: "In the app"
        case .email: "By mail"
        case .push: "To phones"
        }
    }
}

extension NotificationKind {
    /// The topic a person's settings file it under; nil for what always shows in the app only
    /// (a moderator's decision, a review).
    public var topic: NotificationTopic? {
        switch self {
        case .purchaseRequested, .rentalRequested, .tradeOfferReceived, .tradeOfferAccepted, .tradeOfferDeclined, .tradeOfferWithdrawn,
             .orderStatusChanged, .meetupProposed, .meetupAgreed, .rentalLate: .orders
        case .favoritePriceDropped, .favoriteBeingSold: .favorites
        case .savedSearchMatched: .savedSearches
        case .messageReceived: .messages
        case .reportDecided, .moderatorAction, .reviewReceived, .unknown: nil
        }
    }
}

/// A person's choice of channel for each topic (`GET /api/v1/me/notification-settings`).
public struct NotificationSettings: Codable, Sendable, Equatable {
    public var messages: ChannelChoices
    public var orders: ChannelChoices
    public var savedSearches: ChannelChoices
    public var favorites: ChannelChoices

    public init(messages: ChannelChoices, orders: ChannelChoices, savedSearches: ChannelChoices, favorites: ChannelChoices) {
        self.messages = messages
        self.orders = orders
        self.savedSearches = savedSearches
        self.favorites = favorites
    }

    /// Until a person changes them: everything in the app; mail and phones for messages and
    /// orders; saved searches in the daily mail; saved listings to phones.
    public static let defaults = NotificationSettings(
        messages: ChannelChoices(inApp: true, email: true, push: true),
        orders: ChannelChoices(inApp: true, email: true, push: true),
        savedSearches: ChannelChoices(inApp: true, email: true, push: false),
        favorites: ChannelChoices(inApp: true, email: false, push: true))

    public subscript(topic: NotificationTopic) -> ChannelChoices {
        get { self[keyPath: topic.inSettings] }
        set { self[keyPath: topic.inSettings] = newValue }
    }

    /// Whether a notification of `kind` goes out on `channel`: topic-less kinds show in the app only.
    public func allows(_ kind: NotificationKind, on channel: NotificationChannel) -> Bool {
        guard let topic = kind.topic else { return channel == .inApp }
        return self[topic][channel]
    }

    /// Messages always show in the inbox: that channel is not a choice.
    public static func isFixed(_ topic: NotificationTopic, _ channel: NotificationChannel) -> Bool {
        topic == .messages && channel == .inApp
    }
}

// Where each topic and channel lives in the settings and in an update: the one mapping the
// subscripts above go through.
extension NotificationTopic {
    var inSettings: WritableKeyPath<NotificationSettings, ChannelChoices> {
        switch self {
        case .messages: \.messages
        case .orders: \.orders
        case .savedSearches: \.savedSearches
        case .favorites: \.favorites
        }
    }

    var inUpdate: WritableKeyPath<NotificationSettingsUpdate, NotificationSettingsUpdate.Choices?> {
        switch self {
        case .messages: \.messages
        case .orders: \.orders
        case .savedSearches: \.savedSearches
        case .favorites: \.favorites
        }
    }
}

extension NotificationChannel {
    var inChoices: WritableKeyPath<ChannelChoices, Bool> {
        switch self {
        case .inApp: \.inApp
        case .email: \.email
        case .push: \.push
        }
    }

    var inUpdate: WritableKeyPath<NotificationSettingsUpdate.Choices, Bool?> {
        switch self {
        case .inApp: \.inApp
        case .email: \.email
        case .push: \.push
        }
    }
}
