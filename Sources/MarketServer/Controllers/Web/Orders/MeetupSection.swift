import Foundation
import MarketCore

/// The order page's meetup card: the agreed spot and time with map links, or the open
/// proposal (with Accept for the side that did not make it), and the form to propose one.
struct MeetupSection: Encodable {
    struct Place: Encodable {
        var name: String
        /// nil when empty: Leaf counts an empty string as present.
        var description: String?
        var when: String
        var geoURI: String
        var mapURL: String
        /// The ISO instant and spot id the Accept form sends back: the proposal as it was seen.
        var at: String
        var spotID: String
    }

    var agreed: Place?
    var proposal: Place?
    var proposedByMe: Bool
    var otherName: String
    var canPropose: Bool
    var fields: [FormField]
    var error: Phrase?

    /// nil when the order has nothing to arrange or show: a delivery, or a finished order
    /// without a meetup, or no spots listed.
    init?(_ order: Order, viewerID: UUID, spots: [MeetupSpot], time: LocalTime, now: Date,
          form: (spotID: String, at: String)? = nil, errors: FieldErrors = [:], error: Phrase? = nil) {
        let open = order.fulfillment == .pickup && order.status.isBeforeHandOver && !spots.isEmpty
        guard open || order.meetup != nil else { return nil }
        func place(_ meetup: Meetup) -> Place {
            Place(name: meetup.spot.name, description: meetup.spot.description.isEmpty ? nil : meetup.spot.description, when: time.time(meetup.at),
                  geoURI: meetup.spot.geoURI, mapURL: meetup.spot.mapURL,
                  at: ISO8601DateFormatter().string(from: meetup.at), spotID: meetup.spot.id)
        }
        if let meetup = order.meetup {
            if meetup.isAgreed { agreed = place(meetup) } else { proposal = place(meetup) }
        }
        proposedByMe = order.meetup?.proposedBy == viewerID
        otherName = order.buyer.id == viewerID ? order.seller.name : order.buyer.name
        canPropose = open
        let zone = time.abbreviation(at: now)
        fields = [
            .select("spotId", "Spot", choices: spots.map { (value: $0.id, label: .verbatim($0.name)) }, selected: form?.spotID ?? order.meetup?.spot.id,
                    errors: errors),
            FormField("at", "When (\(zone))", kind: "datetime-local", value: form?.at ?? order.meetup.map { time.input($0.at) }, errors: errors),
        ]
        self.error = error
    }
}
