import Foundation

/// `PUT /api/v1/me/notification-settings`: a topic or channel left out keeps its setting.
public struct NotificationSettingsUpdate: Codable, Sendable, Equatable {
    public struct Choices: Codable, Sendable, Equatable {
        public var inApp: Bool?
        public var email: Bool?
        public var push: Bool?

        public init(inApp: Bool? = nil, email: Bool? = nil, push: Bool? = nil) {
            self.inApp = inApp
            self.email = email
            self.push = push
        }

        subscript(channel: NotificationChannel) -> Bool? {
            get { self[keyPath: channel.inUpdate] }
            set { self[keyPath: channel.inUpdate] = newValue }
        }
    }

    public var messages: Choices?
    public var orders: Choices?
    public var savedSearches: Choices?
    public var favorites: Choices?

    public init(messages: Choices? = nil, orders: Choices? = nil, savedSearches: Choices? = nil, favorites: Choices? = nil) {
        self.messages = messages
        self.orders = orders
        self.savedSearches = savedSearches
        self.favorites = favorites
    }

    /// Turns one channel of one topic on or off.
    public static func setting(_ topic: NotificationTopic, _ channel: NotificationChannel, to on: Bool) -> NotificationSettingsUpdate {
        var update = NotificationSettingsUpdate()
        update[keyPath: topic.inUpdate] = Choices()
        update[keyPath: topic.inUpdate]?[channel] = on
        return update
    }

    /// This update with `other`'s choices added (`other` wins where both set one).
    public func merging(_ other: NotificationSettingsUpdate) -> NotificationSettingsUpdate {
        var merged = self
        for topic in NotificationTopic.allCases {
            guard let theirs = other[keyPath: topic.inUpdate] else { continue }
            var choices = merged[keyPath: topic.inUpdate] ?? Choices()
            for channel in NotificationChannel.allCases where theirs[channel] != nil { choices[channel] = theirs[channel] }
            merged[keyPath: topic.inUpdate] = choices
        }
        return merged
    }

    /// `current` with this update's choices, or the fields it may not set (`messages.inApp`).
    public func applied(to current: NotificationSettings) -> (NotificationSettings, FieldErrors) {
        var settings = current
        var errors = FieldErrors()
        for topic in NotificationTopic.allCases {
            guard let choices = self[keyPath: topic.inUpdate] else { continue }
            for channel in NotificationChannel.allCases {
                guard let on = choices[channel] else { continue }
                if NotificationSettings.isFixed(topic, channel), !on {
                    errors.note("\(topic.rawValue).\(channel.rawValue)", "Messages always arrive in your inbox; turn off mail or phones instead.")
                    continue
                }
                settings[topic][channel] = on
            }
        }
        return (settings, errors)
    }
}
