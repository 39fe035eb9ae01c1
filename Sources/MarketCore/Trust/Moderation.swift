import Foundation

public struct ModerationDecisionDraft: Sendable, Equatable {
    public var action: ModerationAction
    public var note: String
}

/// The answer to a decision: how many reports it closed.
public struct ModerationOutcome: Codable, Sendable, Equatable {
    public var action: ModerationAction
    public var closedReports: Int
    public init(action: ModerationAction, closedReports: Int) {
        self.action = action
        self.closedReports = closedReports
    }
}
