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
