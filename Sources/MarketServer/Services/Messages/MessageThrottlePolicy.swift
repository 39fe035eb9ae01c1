import Foundation

/// How much one account may write, so messaging cannot be used to spam a campus.
public struct MessageThrottlePolicy: Sendable {
    public var messagesPerMinute = 30
    public var conversationsPerHour = 10

    public init() {}
}
