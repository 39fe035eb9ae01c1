import Foundation

/// One topic's channels.
public struct ChannelChoices: Codable, Sendable, Equatable {
    public var inApp: Bool
    public var email: Bool
    public var push: Bool

    public init(inApp: Bool, email: Bool, push: Bool) {
        self.inApp = inApp
        self.email = email
        self.push = push
    }

    public subscript(channel: NotificationChannel) -> Bool {
        get { self[keyPath: channel.inChoices] }
        set { self[keyPath: channel.inChoices] = newValue }
    }
}
