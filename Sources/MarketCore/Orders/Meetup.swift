import Foundation

/// Where and when the two sides of a pickup order meet: proposed by one, agreed by the other.
public struct Meetup: Codable, Sendable, Equatable {
    public var spot: MeetupSpot
    public var at: Date
    public var proposedBy: UUID
    /// Set when the other side accepted this spot and time.
    public var agreedAt: Date?

    public init(spot: MeetupSpot, at: Date, proposedBy: UUID, agreedAt: Date?) {
        self.spot = spot
        self.at = at
        self.proposedBy = proposedBy
        self.agreedAt = agreedAt
    }

    public var isAgreed: Bool { agreedAt != nil }
}

public struct MeetupDraft: Sendable, Equatable {
    public var spotID: String
    public var at: Date
}
