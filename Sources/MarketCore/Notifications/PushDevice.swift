import Foundation

/// Which of Apple's push services a device token belongs to: a build from Xcode or TestFlight's
/// sandbox, or the App Store's production.
public enum PushEnvironment: String, Codable, Sendable, CaseIterable {
    case sandbox
    case production
}

/// A registered phone, as its owner sees it.
public struct PushDevice: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var environment: PushEnvironment
    /// The token's last 8 characters, enough to tell phones apart.
    public var tokenEnding: String
    public var registeredAt: Date

    public init(id: UUID, environment: PushEnvironment, tokenEnding: String, registeredAt: Date) {
        self.id = id
        self.environment = environment
        self.tokenEnding = tokenEnding
        self.registeredAt = registeredAt
    }
}
