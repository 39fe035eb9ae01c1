import Foundation
import MarketCore

/// `/api/v1/meetup-spots` and `/api/v1/orders/{id}/meetup`: where and when a pickup order's two
/// sides meet.
public enum MeetupEndpoint: Endpoint {
    /// Answers `[MeetupSpot]`: every spot, or one campus's.
    case spots(campus: String? = nil)
    /// Proposes a spot and a time (or another instead of the other side's); answers the `Order`.
    case propose(order: UUID, MeetupRequest)
    /// Agrees to the proposal as it was shown; answers the `Order`. 409 `meetup_changed` when the
    /// other side proposed another meanwhile.
    case accept(order: UUID, Meetup)

    public var method: String {
        switch self {
        case .spots: "GET"
        case .propose, .accept: "POST"
        }
    }

    public var path: String {
        switch self {
        case .spots: "meetup-spots"
        case .propose(let order, _): "orders/\(order.wireString)/meetup"
        case .accept(let order, _): "orders/\(order.wireString)/meetup/accept"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .spots: nil
        case .propose(_, let request): request
        case .accept(_, let meetup): MeetupRequest(spotId: meetup.spot.id, at: meetup.at)
        }
    }

    public var queryItems: [URLQueryItem] {
        guard case .spots(let campus?) = self else { return [] }
        return [URLQueryItem(name: "campus", value: campus)]
    }
}
