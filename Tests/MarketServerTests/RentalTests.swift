import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Rentals")
struct RentalTests {
    static let hourly = ListingInput.sample("Camera", salePriceCents: nil, rentPriceCents: 300, rentUnit: "hour")
    static let daily = ListingInput.sample("Tent", salePriceCents: nil, rentPriceCents: 1_000, rentUnit: "day")

    @Test("price is whole units rounded down, at least one: 1 h 59 min per hour is 1 unit")
    func pricing() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal(Self.hourly)
            let start = clock.hoursFromNow(1)
            let response = try await app.rent(deal.listing.id, from: start, to: start.addingTimeInterval(119 * 60), token: deal.buyer.token)
            #expect(response.status == .created, "\(response.text)")
            let order = try response.decode(MarketCore.Order.self)
            #expect(order.type == .rental)
            #expect(order.rentalUnits == 1)
            #expect(order.totalCents == 300)
            #expect(order.start == start)
            #expect(order.end == start.addingTimeInterval(119 * 60))

            let short = try await app.rent(deal.listing.id, from: clock.hoursFromNow(10), to: clock.hoursFromNow(10.25), token: deal.buyer.token)
            #expect(try short.decode(MarketCore.Order.self).totalCents == 300)

            let tent = try await app.createListing(Self.daily, token: deal.seller.token)
            let days = try await app.rent(tent.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(1 + 71), token: deal.buyer.token)
            #expect(try days.decode(MarketCore.Order.self).rentalUnits == 2)
            #expect(try days.decode(MarketCore.Order.self).totalCents == 2_000)
        }
    }

    @Test("start not in the past, end after start, at most the configured length; each named")
    func periodValidation() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: { $0.maxRentalDuration = 2 * 86_400 }) { app in
            let deal = try await app.deal(Self.hourly)
            let past = try await app.rent(deal.listing.id, from: clock.now.addingTimeInterval(-3_600), to: clock.hoursFromNow(2), token: deal.buyer.token)
            #expect(past.status == .unprocessableEntity)
            #expect(try past.error.fields?["start"] == "must not be in the past")
            let backwards = try await app.rent(deal.listing.id, from: clock.hoursFromNow(3), to: clock.hoursFromNow(2), token: deal.buyer.token)
            #expect(try backwards.error.fields?["end"] == "must be after start")
            let tooLong = try await app.rent(deal.listing.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(50), token: deal.buyer.token)
            #expect(try tooLong.error.fields?["end"] == "must be at most 2 days after start")
            let missing = try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/rentals", json: ["start": "2030-01-01T00:00:00Z"], token: deal.buyer.token)
            #expect(try missing.error.fields?["end"] != nil)
            let garbled = try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/rentals",
                                             json: ["start": "tomorrow", "end": "2030-01-01T00:00:00Z"], token: deal.buyer.token)
            #expect(garbled.status == .badRequest)
            #expect(try garbled.error.fields?["start"] != nil)
            let own = try await app.rent(deal.listing.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(2), token: deal.seller.token)
            #expect(own.status == .forbidden)
            let forSale = try await app.createListing(.sample(), token: deal.seller.token)
            #expect(try await app.rent(forSale.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(2), token: deal.buyer.token).status == .conflict)
            #expect(try await app.send(.GET, "/api/v1/listings/\(deal.listing.id)/availability").decode(Availability.self).booked.isEmpty)
        }
    }

    @Test("an overlapping period is 409 naming the booking; touching ends are allowed; fractional seconds are read")
    func overlap() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal(Self.hourly)
            let other = try await app.register()
            #expect(try await app.rent(deal.listing.id, from: clock.hoursFromNow(2), to: clock.hoursFromNow(4), token: deal.buyer.token).status == .created)

            let clash = try await app.rent(deal.listing.id, from: clock.hoursFromNow(3), to: clock.hoursFromNow(5), token: other.token)
            #expect(clash.status == .conflict)
            #expect(try clash.error.code == "period_unavailable")
            // In words, on the campus's clock (UTC here: no zone configured).
            #expect(try clash.error.message.contains("already booked Nov 18, 2026, 2:00 PM UTC – 4:00 PM UTC"), "\(clash.text)")
            let inside = try await app.rent(deal.listing.id, from: clock.hoursFromNow(2.5), to: clock.hoursFromNow(3), token: other.token)
            #expect(inside.status == .conflict)

            let before = try await app.rent(deal.listing.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(2), token: other.token)
            #expect(before.status == .created, "end == next start is allowed: \(before.text)")
            let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
            let after = try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/rentals",
                                           json: ["start": format.format(clock.hoursFromNow(4)), "end": format.format(clock.hoursFromNow(6))],
                                           token: other.token)
            #expect(after.status == .created, "start == previous end is allowed: \(after.text)")

            let availability = try await app.send(.GET, "/api/v1/listings/\(deal.listing.id)/availability").decode(Availability.self)
            #expect(availability.booked == [
                BookedPeriod(start: clock.hoursFromNow(1), end: clock.hoursFromNow(2)),
                BookedPeriod(start: clock.hoursFromNow(2), end: clock.hoursFromNow(4)),
                BookedPeriod(start: clock.hoursFromNow(4), end: clock.hoursFromNow(6)),
            ])
            let bad = try await app.send(.GET, "/api/v1/listings/\(deal.listing.id)/availability?from=soon")
            #expect(try bad.error.fields?["from"] != nil)
        }
    }

    @Test("cancelling or declining a rental releases its period")
    func cancellationReleasesPeriod() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal(Self.hourly)
            let other = try await app.register()
            let first = try await app.rent(deal.listing.id, from: clock.hoursFromNow(2), to: clock.hoursFromNow(4), token: deal.buyer.token)
                .decode(MarketCore.Order.self)
            #expect(try await app.rent(deal.listing.id, from: clock.hoursFromNow(2), to: clock.hoursFromNow(4), token: other.token).status == .conflict)

            #expect(try await app.act(.cancel, on: first.id, token: deal.buyer.token).status == .ok)
            let second = try await app.rent(deal.listing.id, from: clock.hoursFromNow(2), to: clock.hoursFromNow(4), token: other.token)
            #expect(second.status == .created)
            #expect(try await app.act(.decline, on: second.decode(MarketCore.Order.self).id, token: deal.seller.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/listings/\(deal.listing.id)/availability").decode(Availability.self).booked.isEmpty)
            #expect(try await app.rent(deal.listing.id, from: clock.hoursFromNow(2), to: clock.hoursFromNow(4), token: deal.buyer.token).status == .created)
        }
    }
}
