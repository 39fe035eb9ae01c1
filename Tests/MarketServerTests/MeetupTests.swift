import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import MarketTestSupport
import Testing
import Vapor

/// Meetups of pickup orders: the operator's spots, a proposal, a counter-proposal, agreement.
@Suite("Meetups")
struct MeetupTests {
    static let library = MeetupSpot(id: "library-steps", name: "Library steps", description: "Lit, with a camera", latitude: 42.2756, longitude: -83.7375)
    static let union = MeetupSpot(id: "union-desk", name: "Union front desk", description: "Staffed 8–22", latitude: 42.2751, longitude: -83.7417)
    static func adjust(_ settings: inout AppSettings) { settings.meetupSpots = [library, union] }

    static func propose(_ app: Application, _ orderID: UUID, _ spot: String, _ at: Date, token: String, accept: Bool = false) async throws -> TestResponse {
        try await app.send(.POST, "/api/v1/orders/\(orderID)/meetup\(accept ? "/accept" : "")", json: MeetupRequest(spotId: spot, at: at), token: token)
    }

    static func code(_ response: TestResponse) -> String? { try? response.error.code }

    @Test("the spots file is checked at start-up: each wrong entry is one sentence naming it")
    func spotFile() throws {
        let good = #"[{"name": "Library steps", "description": "Lit", "latitude": 42.2756, "longitude": -83.7375}, {"id": "desk", "name": "Desk", "latitude": 0, "longitude": 0, "campus": "umich.edu"}]"#
        let spots = try MeetupSpotFile.parse(Data(good.utf8), campuses: TestCampuses.directory, file: "spots.json")
        #expect(spots.map(\.id) == ["library-steps", "desk"] && spots[1].campus == "umich.edu")
        #expect(spots[0].geoURI == "geo:42.275600,-83.737500")
        #expect(spots[0].mapURL == "https://www.openstreetmap.org/?mlat=42.275600&mlon=-83.737500#map=18/42.275600/-83.737500")
        for (json, says) in [("{}", "must hold a JSON list"),
                             (#"[{"latitude": 1, "longitude": 1}]"#, "spot 1 needs a name"),
                             (#"[{"name": "A", "latitude": 91, "longitude": 1}]"#, "spot 1 (A) needs a latitude between -90 and 90"),
                             (#"[{"name": "A", "latitude": 1, "longitude": 1, "campus": "mit.edu"}]"#, "names the campus 'mit.edu'"),
                             (#"[{"name": "A b", "latitude": 1, "longitude": 1}, {"name": "a-B", "latitude": 1, "longitude": 1}]"#, "spot 2 (a-B) has the same id")] {
            #expect(throws: ConfigurationError.self) { try MeetupSpotFile.parse(Data(json.utf8), campuses: TestCampuses.directory, file: "spots.json") }
            do { _ = try MeetupSpotFile.parse(Data(json.utf8), campuses: TestCampuses.directory, file: "spots.json") } catch let error as ConfigurationError {
                #expect(error.description.contains(says), "\(error.description)")
            }
        }
    }

    @Test("one side proposes, the other proposes another, the first agrees: the order, both sides' notifications and the timeline say so")
    func proposeCounterAgree() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: Self.adjust) { app in
            #expect(try await app.send(.GET, "/api/v1/meetup-spots").decode([MeetupSpot].self) == [Self.library, Self.union])
            let deal = try await app.deal()
            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            let tomorrow = clock.now.addingTimeInterval(86_400)
            let later = Date(timeIntervalSince1970: ((clock.now.timeIntervalSince1970 + 90_000) / 60).rounded(.down) * 60)

            let proposed = try await Self.propose(app, order.id, "library-steps", tomorrow.addingTimeInterval(17), token: deal.seller.token)
            #expect(proposed.status == .ok, "\(proposed.text)")
            let first = try proposed.decode(MarketCore.Order.self).meetup
            #expect(first?.spot == Self.library && first?.proposedBy == deal.seller.user.id && first?.isAgreed == false)
            #expect(first?.at.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0, "to the minute")
            #expect(try await app.notifications(token: deal.buyer.token).items.first?.kind == .meetupProposed)
            // The proposer cannot accept their own proposal.
            let own = try await Self.propose(app, order.id, "library-steps", first!.at, token: deal.seller.token, accept: true)
            #expect(own.status == .forbidden)

            let countered = try await Self.propose(app, order.id, "union-desk", later, token: deal.buyer.token)
            #expect(try countered.decode(MarketCore.Order.self).meetup?.spot.id == "union-desk")
            // Accepting what was there before the counter is refused: it changed.
            let stale = try await Self.propose(app, order.id, "library-steps", first!.at, token: deal.buyer.token, accept: true)
            #expect(stale.status == .forbidden, "the buyer proposed the current one")
            let staleSeller = try await Self.propose(app, order.id, "library-steps", first!.at, token: deal.seller.token, accept: true)
            #expect(staleSeller.status == .conflict && Self.code(staleSeller) == "meetup_changed")

            let agreed = try await Self.propose(app, order.id, "union-desk", later, token: deal.seller.token, accept: true)
            let meetup = try #require(try agreed.decode(MarketCore.Order.self).meetup)
            #expect(meetup.isAgreed && meetup.spot == Self.union && meetup.at == later)
            #expect(try await app.notifications(token: deal.buyer.token).items.first?.kind == .meetupAgreed)
            let again = try await Self.propose(app, order.id, "union-desk", later, token: deal.seller.token, accept: true)
            #expect(again.status == .conflict && Self.code(again) == "meetup_already_agreed")

            let seen = try await app.send(.GET, "/api/v1/orders/\(order.id)", token: deal.buyer.token).decode(MarketCore.Order.self)
            #expect(seen.history.compactMap(\.note) == ["Meetup proposed: Library steps", "Meetup proposed: Union front desk", "Meetup agreed: Union front desk"])
            #expect(seen.meetup == meetup)
        }
    }

    @Test("refused with the field named: an unknown spot, a time past or too far; a stranger's order is 404; a delivered or finished one 409")
    func refusals() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: Self.adjust) { app in
            let deal = try await app.deal()
            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            let soon = clock.now.addingTimeInterval(3_600)
            for (spot, at, field) in [("moon", soon, "spotId"), ("library-steps", clock.now.addingTimeInterval(-60), "at"),
                                      ("library-steps", clock.now.addingTimeInterval(61 * 86_400), "at")] {
                let response = try await Self.propose(app, order.id, spot, at, token: deal.buyer.token)
                #expect(response.status == .unprocessableEntity && ((try? response.error.fields)??.keys.sorted()) == [field], "\(response.text)")
            }
            let stranger = try await app.register(name: "Stu Stranger")
            #expect(try await Self.propose(app, order.id, "library-steps", soon, token: stranger.token).status == .notFound)
            #expect(try await MeetupRecord.query(on: app.db).count() == 0, "nothing written")

            try await OrderRecord.query(on: app.db).filter(\.$id == order.id).set(\.$fulfillment, to: Fulfillment.delivery.rawValue).update()
            let delivered = try await Self.propose(app, order.id, "library-steps", soon, token: deal.buyer.token)
            #expect(delivered.status == .conflict && Self.code(delivered) == "not_pickup")
            try await OrderRecord.query(on: app.db).filter(\.$id == order.id).set(\.$fulfillment, to: Fulfillment.pickup.rawValue).update()
            try await app.act(.decline, on: order.id, token: deal.seller.token)
            let closed = try await Self.propose(app, order.id, "library-steps", soon, token: deal.buyer.token)
            #expect(closed.status == .conflict && Self.code(closed) == "order_closed")
        }
    }

    @Test("an acceptance racing a new proposal: never agreed to the proposal it did not see")
    func acceptRacesCounter() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: Self.adjust) { app in
            let deal = try await app.deal()
            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            for round in 0..<8 {
                let first = clock.now.addingTimeInterval(Double(3_600 + round * 120)), second = first.addingTimeInterval(60)
                _ = try await Self.propose(app, order.id, "library-steps", first, token: deal.seller.token)
                async let accepting = Self.propose(app, order.id, "library-steps", first, token: deal.buyer.token, accept: true)
                async let countering = Self.propose(app, order.id, "union-desk", second, token: deal.seller.token)
                let (accepted, countered) = try await (accepting, countering)
                #expect(countered.status == .ok)
                #expect([.ok, .conflict].contains(accepted.status), "\(accepted.text)")
                let meetup = try #require(try await MeetupRecord.find(order.id, on: app.db))
                // The counter-proposal always stands last or first; an agreement is never to it.
                if meetup.agreedAt != nil { #expect(meetup.spotID == "library-steps" && accepted.status == .ok) }
                else { #expect(meetup.spotID == "union-desk") }
            }
        }
    }

    @Test("the order page: a spot and a time typed in campus time, Accept sends back what it showed, a wrong time is named beside the field")
    func orderPage() async throws {
        let clock = TestClock(start: LocalTimeTests.instant("2027-01-18T15:00:00Z"))
        try await withTestApp(clock: clock, adjust: { Self.adjust(&$0); $0.campuses.defaultTimeZone = LocalTimeTests.detroit }) { app in
            let deal = try await app.deal()
            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            let path = "/orders/\(order.id.wireString)"
            let sellerCookie = WebSessionCookie.name + "=" + deal.seller.token, buyerCookie = WebSessionCookie.name + "=" + deal.buyer.token
            let page = try await app.visit(path, cookies: sellerCookie)
            #expect(page.text.contains("When (EST)") && page.text.contains("Propose this meetup"))

            let wrong = try await app.postForm(path + "/meetup", fields: ["csrf": page.csrf, "spotId": "union-desk", "at": "tomorrow"], cookies: page.cookies)
            #expect(wrong.status == .unprocessableEntity && wrong.text.contains("must be a date and time"))
            #expect(wrong.text.contains(#"value="tomorrow""#), "the input is kept")

            let sent = try await app.postForm(path + "/meetup", fields: ["csrf": page.csrf, "spotId": "union-desk", "at": "2027-01-20T15:30"], cookies: page.cookies)
            #expect(sent.status == .seeOther)
            let stored = try #require(try await MeetupRecord.find(order.id, on: app.db))
            #expect(stored.at == LocalTimeTests.instant("2027-01-20T20:30:00Z"), "3:30 PM in Detroit")

            let buyerPage = try await app.visit(path, cookies: buyerCookie)
            #expect(buyerPage.text.contains("proposes <strong>Union front desk</strong>, Jan 20, 2027, 3:30 PM EST."))
            #expect(buyerPage.text.contains(#"href="geo:42.275100,-83.741700""#))
            #expect(buyerPage.text.contains(#"<input type="hidden" name="at" value="2027-01-20T20:30:00Z">"#))
            let accepted = try await app.postForm(path + "/meetup/accept", fields: ["csrf": buyerPage.csrf, "spotId": "union-desk", "at": "2027-01-20T20:30:00Z"],
                                                  cookies: buyerPage.cookies)
            #expect(accepted.status == .seeOther)
            let done = try await app.visit(path, cookies: buyerCookie)
            #expect(done.text.contains("Agreed</span> <strong>Union front desk</strong>, Jan 20, 2027, 3:30 PM EST"))
            #expect(done.text.contains("Meetup agreed: Union front desk"), "in the history")
        }
    }
}
