import Fluent
import Foundation
import MarketCore

/// The meetup of a pickup order: one row per order (its id is the order's), the latest
/// proposal, agreed or not. The spot is copied in, so an order keeps its place even after the
/// operator edits the list; each proposal and agreement is also a line of the order's history.
final class MeetupRecord: Model, @unchecked Sendable {
    static let schema = "meetups"

    /// The order's id.
    @ID(custom: .id, generatedBy: .user) var id: UUID?
    @Field(key: "spot_id") var spotID: String
    @Field(key: "spot_name") var spotName: String
    @Field(key: "spot_description") var spotDescription: String
    @Field(key: "latitude") var latitude: Double
    @Field(key: "longitude") var longitude: Double
    @Field(key: "at") var at: Date
    @Parent(key: "proposed_by") var proposer: UserRecord
    @OptionalField(key: "agreed_at") var agreedAt: Date?
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    init(orderID: UUID) { self.id = orderID }

    /// This proposal replaces whatever was proposed before, agreed or not.
    func propose(_ spot: MeetupSpot, at: Date, by userID: UUID, now: Date) {
        spotID = spot.id
        spotName = spot.name
        spotDescription = spot.description
        latitude = spot.latitude
        longitude = spot.longitude
        self.at = at
        $proposer.id = userID
        agreedAt = nil
        updatedAt = now
    }

    var meetup: Meetup {
        Meetup(spot: MeetupSpot(id: spotID, name: spotName, description: spotDescription, latitude: latitude, longitude: longitude),
               at: at, proposedBy: $proposer.id, agreedAt: agreedAt)
    }
}
