import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import MarketTestSupport
import Testing
import Vapor

/// Rentals come back: handed over (in use), returned by the renter, confirmed by the owner —
/// or flagged late, or reported with a problem.
@Suite("Rental returns")
struct RentalReturnTests {
    /// A camera rented from `start` to `end`, handed over: the order in use.
    static func handedOver(_ app: Application, _ clock: TestClock, from start: Date, to end: Date) async throws -> (Deal, MarketCore.Order) {
        let deal = try await app.deal(RentalTests.hourly)
        let rented = try await app.rent(deal.listing.id, from: start, to: end, token: deal.buyer.token).decode(MarketCore.Order.self)
        try await app.act(.accept, on: rented.id, token: deal.seller.token)
        try await app.act(.ready, on: rented.id, token: deal.seller.token)
        let code = try #require(rented.confirmationCode)
        let inUse = try await app.act(.complete, on: rented.id, token: deal.seller.token, code: code).decode(MarketCore.Order.self)
        return (deal, inUse)
    }

    static func booked(_ app: Application, _ listingID: UUID) async throws -> [BookedPeriod] {
        try await app.send(.GET, "/api/v1/listings/\(listingID)/availability").decode(Availability.self).booked
    }

    @Test("handed over, a rental is in use; the renter returns it early, the owner confirms, and the rest of the period is free")
    func returnedEarly() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let (deal, order) = try await Self.handedOver(app, clock, from: clock.hoursFromNow(1), to: clock.hoursFromNow(9))
            #expect(order.status == .inUse && order.actions.isEmpty, "the seller waits for the return")
            #expect(try await app.send(.GET, "/api/v1/orders/\(order.id)", token: deal.buyer.token).decode(MarketCore.Order.self).actions == [.markReturned])
            #expect(try await LedgerEntryRecord.query(on: app.db).count() == 2, "paid at hand-over, as a sale: both sides' lines")

            clock.advance(by: 4 * 3_600)
            #expect(try await app.act(.confirmReturn, on: order.id, token: deal.seller.token).status == .conflict, "not returned yet")
            #expect(try await app.act(.markReturned, on: order.id, token: deal.seller.token).status == .forbidden, "the renter returns it")
            let returned = try await app.act(.markReturned, on: order.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            #expect(returned.status == .returned)
            let sellerView = try await app.send(.GET, "/api/v1/orders/\(order.id)", token: deal.seller.token).decode(MarketCore.Order.self)
            #expect(sellerView.actions == [.confirmReturn, .reportProblem])
            #expect(try await app.notifications(token: deal.seller.token).items.first?.message.contains("is now: Returned") == true)

            let done = try await app.act(.confirmReturn, on: order.id, token: deal.seller.token).decode(MarketCore.Order.self)
            #expect(done.status == .completed && done.end == clock.now, "the period ends when it came back")
            #expect(try await Self.booked(app, deal.listing.id).isEmpty, "from now on nothing is booked")
            let other = try await app.register(name: "Oli Other")
            #expect(try await app.rent(deal.listing.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(3), token: other.token).status == .created,
                    "the rest of the original period is free")
            #expect(try await app.act(.confirmReturn, on: order.id, token: deal.seller.token).status == .conflict, "confirmed once")
        }
    }

    @Test("not returned by its end: flagged late once, both told, and the listing stays booked until it is back")
    func late() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let end = clock.hoursFromNow(3)
            let (deal, order) = try await Self.handedOver(app, clock, from: clock.hoursFromNow(1), to: end)
            #expect(try await app.domainServices().lateRentals.sweep() == 0, "not due yet")
            clock.advance(by: end.timeIntervalSince(clock.now) + 30)
            #expect(try await app.domainServices().lateRentals.sweep() == 1)
            #expect(try await app.domainServices().lateRentals.sweep() == 0, "flagged once")
            for token in [deal.buyer.token, deal.seller.token] {
                #expect(try await app.notifications(token: token).items.first?.kind == .rentalLate)
            }
            let seen = try await app.send(.GET, "/api/v1/orders/\(order.id)", token: deal.seller.token).decode(MarketCore.Order.self)
            #expect(seen.history.last?.note == "Late: not returned by the end of the rental")

            // Still out: booked up to now, and a later period is refused until it is back.
            clock.advance(by: 3_600)
            #expect(try await Self.booked(app, deal.listing.id).last?.end == clock.now)
            let other = try await app.register(name: "Oli Other")
            let refused = try await app.rent(deal.listing.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(2), token: other.token)
            #expect(refused.status == .conflict)
            try await app.act(.markReturned, on: order.id, token: deal.buyer.token)
            try await app.act(.confirmReturn, on: order.id, token: deal.seller.token)
            #expect(try await app.rent(deal.listing.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(2), token: other.token).status == .created)
        }
    }

    @Test("the owner reports a problem: the order is flagged, the conversation opens with their words; confirming later completes it")
    func problem() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let (deal, order) = try await Self.handedOver(app, clock, from: clock.hoursFromNow(1), to: clock.hoursFromNow(3))
            try await app.act(.markReturned, on: order.id, token: deal.buyer.token)
            let disputed = try await app.act(.reportProblem, on: order.id, token: deal.seller.token).decode(MarketCore.Order.self)
            #expect(disputed.status == .disputed && disputed.actions == [.confirmReturn])
            let inbox = try await app.send(.GET, "/api/v1/conversations", token: deal.buyer.token).decode(ConversationPage.self)
            #expect(inbox.items.first?.lastMessage?.text == OrderSteps.problemMessage)
            #expect(try await app.act(.confirmReturn, on: order.id, token: deal.seller.token).decode(MarketCore.Order.self).status == .completed)
        }
    }

    @Test("races: the return confirmed twice at once wins once; the late flag and the return never cross")
    func races() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let (deal, order) = try await Self.handedOver(app, clock, from: clock.hoursFromNow(1), to: clock.hoursFromNow(2))
            try await app.act(.markReturned, on: order.id, token: deal.buyer.token)
            async let first = app.act(.confirmReturn, on: order.id, token: deal.seller.token)
            async let second = app.act(.confirmReturn, on: order.id, token: deal.seller.token)
            let statuses = try await [first.status, second.status].sorted { $0.code < $1.code }
            #expect(statuses == [.ok, .conflict])

            for round in 0..<6 {
                let start = clock.hoursFromNow(1)
                let (racing, rented) = try await Self.handedOver(app, clock, from: start, to: start.addingTimeInterval(3_600))
                clock.advance(by: 2 * 3_600 + 60)
                async let sweep = app.domainServices().lateRentals.sweep()
                async let returning = app.act(.markReturned, on: rented.id, token: racing.buyer.token)
                let (flagged, returned) = try await (sweep, returning)
                #expect(returned.status == .ok, "round \(round): a late rental can still be returned")
                let stored = try #require(try await OrderRecord.find(rented.id, on: app.db))
                let history = try await OrderEventRecord.query(on: app.db).filter(\.$order.$id == rented.id).sort(\.$at).all()
                let lateLine = history.firstIndex { $0.note?.hasPrefix("Late") == true }
                let returnLine = history.firstIndex { $0.status == OrderStatus.returned.rawValue && $0.note == nil }
                #expect((stored.lateAt != nil) == (flagged >= 1) && (lateLine != nil) == (stored.lateAt != nil))
                if let lateLine, let returnLine { #expect(lateLine < returnLine, "flagged before the return, never after") }
            }
        }
    }

    @Test("on the order page: the renter's 'I returned it', the owner's confirm or problem (which opens the conversation), a late tag")
    func orderPage() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let (deal, order) = try await Self.handedOver(app, clock, from: clock.hoursFromNow(1), to: clock.hoursFromNow(2))
            let path = "/orders/\(order.id.wireString)"
            let renter = WebSessionCookie.name + "=" + deal.buyer.token, owner = WebSessionCookie.name + "=" + deal.seller.token
            clock.advance(by: 3 * 3_600)
            _ = try await app.domainServices().lateRentals.sweep()
            let page = try await app.visit(path, cookies: renter)
            #expect(page.text.contains("With the renter") && page.text.contains(#"<span class="tag late">Late since"#))
            #expect(page.text.contains(">I returned it</button>"))
            let returned = try await app.postForm(path + "/return", fields: ["csrf": page.csrf], cookies: page.cookies)
            #expect(returned.status == .seeOther)
            let ownerPage = try await app.visit(path, cookies: owner)
            #expect(ownerPage.text.contains(">Confirm it is back</button>") && ownerPage.text.contains(">Report a problem</button>"))
            let problem = try await app.postForm(path + "/report-problem", fields: ["csrf": ownerPage.csrf], cookies: ownerPage.cookies)
            #expect(problem.status == .seeOther)
            #expect(problem.headers.first(name: .location)?.hasPrefix("/messages/") == true, "straight to the conversation")
        }
    }

    @Test("a deposit: only with a rent price; shown before booking, held at hand-over, released when the return is confirmed")
    func deposit() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let seller = try await app.register(name: "Sam Seller")
            var noRent = ListingInput.sample("Lamp")
            noRent.depositCents = 5_000
            let refused = try await app.send(.POST, "/api/v1/listings", json: noRent, token: seller.token)
            #expect(refused.status == .unprocessableEntity && (try? refused.error.fields?.keys.sorted()) == ["depositCents"])

            var input = RentalTests.hourly
            input.depositCents = 5_000
            let camera = try await app.createListing(input, token: seller.token)
            #expect(camera.depositCents == 5_000)
            let page = try await app.visit("/listings/\(camera.id.wireString)")
            #expect(page.text.contains("Deposit <strong>$50.00</strong>: held when you pick it up"))

            let renter = try await app.register(name: "Rae Renter")
            let rented = try await app.rent(camera.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(3), token: renter.token).decode(MarketCore.Order.self)
            #expect(rented.depositCents == 5_000)
            try await app.act(.accept, on: rented.id, token: seller.token)
            try await app.act(.ready, on: rented.id, token: seller.token)
            try await app.act(.complete, on: rented.id, token: seller.token, code: rented.confirmationCode)
            func deposits(_ account: AuthResponse) async throws -> [Int64] {
                try await LedgerEntryRecord.query(on: app.db).filter(\.$user.$id == account.user.id)
                    .filter(\.$source == LedgerSource.deposit.rawValue).sort(\.$createdAt).all().map(\.amountCents)
            }
            let held = (try await deposits(renter), try await deposits(seller))
            #expect(held.0 == [5_000] && held.1 == [5_000], "held at hand-over")
            try await app.act(.markReturned, on: rented.id, token: renter.token)
            try await app.act(.confirmReturn, on: rented.id, token: seller.token)
            let released = (try await deposits(renter), try await deposits(seller))
            #expect(released.0 == [5_000, -5_000] && released.1 == [5_000, -5_000], "released: nets to nothing")
        }
    }
}
