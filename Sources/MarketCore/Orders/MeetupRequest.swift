import Foundation

/// `POST /api/v1/orders/{id}/meetup`: a spot and a time, proposed (or proposed instead of the
/// other side's). `POST /api/v1/orders/{id}/meetup/accept` sends back the one being accepted, so
/// a proposal changed meanwhile is not agreed by mistake.
public struct MeetupRequest: Codable, Sendable, Equatable {
    public var spotId: String?
    public var at: Date?

    public init(spotId: String?, at: Date?) {
        self.spotId = spotId
        self.at = at
    }

    /// How far ahead a meetup may be set.
    public static let horizon: TimeInterval = 60 * 86_400

    public func validated(now: Date) -> Result<MeetupDraft, FieldErrorList> {
        var errors = FieldErrors()
        let spotID = spotId?.trimmingCharacters(in: .whitespaces) ?? ""
        if spotID.isEmpty { errors.note("spotId", "is required: one of the meetup spots") }
        if let at {
            if at <= now { errors.note("at", "must be in the future") }
            if at > now.addingTimeInterval(Self.horizon) { errors.note("at", "must be within \(Int(Self.horizon / 86_400)) days") }
        } else {
            errors.note("at", "is required: when to meet")
        }
        guard errors.isEmpty, let at else { return .failure(FieldErrorList(errors)) }
        // To the minute: people meet at 3:00 PM, and an acceptance compares the time it saw.
        return .success(MeetupDraft(spotID: spotID, at: Date(timeIntervalSince1970: (at.timeIntervalSince1970 / 60).rounded(.down) * 60)))
    }
}
