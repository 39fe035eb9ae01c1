import Foundation

/// A safe place on campus to hand things over, as the operator lists them (`MEETUP_SPOTS_FILE`):
/// a lit library entrance, a staffed desk. `GET /api/v1/meetup-spots`.
public struct MeetupSpot: Codable, Sendable, Equatable, Identifiable {
    /// Made from the name ("Library steps" → `library-steps`); the operator may set it.
    public var id: String
    public var name: String
    public var description: String
    public var latitude: Double
    public var longitude: Double
    /// The campus id it serves; nil: every campus.
    public var campus: String?

    public init(id: String, name: String, description: String, latitude: Double, longitude: Double, campus: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.latitude = latitude
        self.longitude = longitude
        self.campus = campus
    }

    /// RFC 5870: phones open it in their map app.
    public var geoURI: String { "geo:\(Self.coordinate(latitude)),\(Self.coordinate(longitude))" }
    /// The same place on OpenStreetMap, for a browser.
    public var mapURL: String {
        let (lat, lon) = (Self.coordinate(latitude), Self.coordinate(longitude))
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=18/\(lat)/\(lon)"
    }

    /// Six decimals: about 10 cm, and no float noise in the link.
    private static func coordinate(_ value: Double) -> String { String(format: "%.6f", value) }
}

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

public struct MeetupDraft: Sendable, Equatable {
    public var spotID: String
    public var at: Date
}
