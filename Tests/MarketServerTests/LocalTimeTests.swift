import Foundation
import MarketCore
@testable import MarketServer
import MarketTestSupport
import Testing
import Vapor

/// People read and type times in their campus's zone; the wire and the database keep UTC
/// instants. Detroit's clocks go forward at 2:00 on 2027-03-14 and back at 2:00 on 2027-11-07.
@Suite("Local time")
struct LocalTimeTests {
    static let detroit = TimeZone(identifier: "America/Detroit")!
    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("times carry their zone's abbreviation; a typed wall-clock time is read in the zone; an hour the clocks skip is refused")
    func formatting() {
        let local = LocalTime(Self.detroit)
        #expect(local.time(Self.instant("2027-01-15T08:00:00Z")) == "Jan 15, 2027, 3:00 AM EST")
        #expect(local.time(Self.instant("2027-07-15T16:30:00Z")) == "Jul 15, 2027, 12:30 PM EDT")
        #expect(local.period(Self.instant("2027-03-14T03:00:00Z"), Self.instant("2027-03-14T08:00:00Z"))
                == "Mar 13, 2027, 10:00 PM EST – Mar 14, 2027, 4:00 AM EDT")
        #expect(local.period(Self.instant("2027-07-15T14:00:00Z"), Self.instant("2027-07-15T16:00:00Z"))
                == "Jul 15, 2027, 10:00 AM EDT – 12:00 PM EDT")
        #expect(local.zoneName(at: Self.instant("2027-01-15T08:00:00Z")) == "Eastern Time (EST)")
        // Late evening in Detroit is already the next day in UTC: the day is Detroit's.
        #expect(local.day(Self.instant("2027-01-16T03:00:00Z")) == "Jan 15, 2027")

        #expect(local.parseInput("2027-03-14T03:30") == Self.instant("2027-03-14T07:30:00Z"))
        #expect(local.parseInput("2027-03-14T02:30") == nil)  // skipped: 2:00 became 3:00
        #expect(local.parseInput("2027-01-15T24:30") == nil)
        #expect(local.input(Self.instant("2027-01-15T08:00:00Z")) == "2027-01-15T03:00")

        let utc = LocalTime(TimeZone(identifier: "UTC")!)
        #expect(utc.time(Self.instant("2027-01-15T08:00:00Z")) == "Jan 15, 2027, 8:00 AM UTC")
        #expect(utc.zoneName(at: Date()) == "UTC")
    }

    @Test("a day is the zone's on either side of its midnight, asked again and again (days are kept once formatted), in zones a minute apart")
    func daysAroundMidnight() {
        let detroit = LocalTime(Self.detroit)
        let kolkata = LocalTime(TimeZone(identifier: "Asia/Kolkata")!)  // +5:30
        for _ in 0..<3 {
            #expect(detroit.day(Self.instant("2027-01-16T04:59:59Z")) == "Jan 15, 2027")
            #expect(detroit.day(Self.instant("2027-01-16T05:00:00Z")) == "Jan 16, 2027")
            #expect(kolkata.day(Self.instant("2027-01-15T18:29:59Z")) == "Jan 15, 2027")
            #expect(kolkata.day(Self.instant("2027-01-15T18:30:00Z")) == "Jan 16, 2027")
            // The same instant, another zone: not the other zone's day.
            #expect(detroit.day(Self.instant("2027-01-15T18:30:00Z")) == "Jan 15, 2027")
        }
    }

    @Test("the rental calendar's days are the campus's: the day the clocks go forward is booked whole, the days beside it are not")
    func rentalCalendarAcrossDaylightSaving() {
        let local = LocalTime(Self.detroit)
        // March 14, 2027 in Detroit: 00:00 EST (05:00Z) to 00:00 EDT on the 15th (04:00Z), 23 hours.
        let months = RentalCalendar.months(2, from: Self.instant("2027-03-01T17:00:00Z"),
                                           booked: [BookedPeriod(start: Self.instant("2027-03-14T05:00:00Z"), end: Self.instant("2027-03-15T04:00:00Z")),
                                                    BookedPeriod(start: Self.instant("2027-04-30T03:30:00Z"), end: Self.instant("2027-04-30T04:30:00Z"))],
                                           time: local)
        #expect(months.map(\.caption) == ["March 2027", "April 2027"])
        let march = months[0].weeks.flatMap { $0 }.filter { !$0.number.isEmpty }
        #expect(march.count == 31)
        #expect(months[0].weeks[0][0].number == "1")  // March 1, 2027 is a Monday
        #expect(march.filter(\.booked).map(\.number) == ["14"])
        // 23:30 EDT on April 29 to 00:30 on April 30: both days, the month's last included.
        let april = months[1].weeks.flatMap { $0 }.filter { !$0.number.isEmpty }
        #expect(april.count == 30)
        #expect(april.filter(\.booked).map(\.number) == ["29", "30"])
        #expect(march.filter(\.past).isEmpty)
    }

    @Test("the rental calendar's past days end at the campus's today, not UTC's")
    func rentalCalendarPastDays() {
        // 03:00Z on March 10 is 22:00 on March 9 in Detroit: the 1st to the 8th are past.
        let months = RentalCalendar.months(2, from: Self.instant("2027-03-10T03:00:00Z"), booked: [], time: LocalTime(Self.detroit))
        let march = months[0].weeks.flatMap { $0 }.filter { !$0.number.isEmpty }
        #expect(march.filter(\.past).map(\.number) == (1...8).map(String.init))
        #expect(months[1].weeks.flatMap { $0 }.allSatisfy { !$0.past })
        #expect(march.allSatisfy { !$0.booked })
    }

    @Test("a month drawn without bookings is kept, and never stands in for the same month with one, or in another zone")
    func rentalCalendarKeptMonths() {
        let now = Self.instant("2027-03-10T03:00:00Z")
        let detroit = LocalTime(Self.detroit)
        let booked = [BookedPeriod(start: Self.instant("2027-03-20T16:00:00Z"), end: Self.instant("2027-03-20T18:00:00Z"))]
        let bookedDays = { (months: [RentalCalendar.Month]) in months[0].weeks.flatMap { $0 }.filter(\.booked).map(\.number) }
        let first = RentalCalendar.months(2, from: now, booked: [], time: detroit)
        #expect(bookedDays(RentalCalendar.months(2, from: now, booked: booked, time: detroit)) == ["20"])
        let again = RentalCalendar.months(2, from: now, booked: [], time: detroit)
        #expect(bookedDays(again).isEmpty && again.map(\.html) == first.map(\.html))
        #expect(!first[0].html.contains("booked\""))
        // The same instant is March 10 in UTC: only the 1st to the 9th are past there.
        let utc = RentalCalendar.months(2, from: now, booked: [], time: LocalTime(TimeZone(identifier: "UTC")!))
        #expect(utc[0].weeks.flatMap { $0 }.filter(\.past).count == 9)
    }

    @Test("money reads as people write it, cents always two digits")
    func money() {
        #expect(MoneyText.format(5, currency: "USD") == "$0.05")
        #expect(MoneyText.format(1250, currency: "USD") == "$12.50")
        #expect(MoneyText.format(100_007, currency: "EUR") == "€1000.07")
        #expect(MoneyText.format(-7, currency: "GBP") == "−£0.07")
        #expect(MoneyText.format(320, currency: "CHF") == "3.20 CHF")
    }

    @Test("hours are real hours across a clock change; days are the campus's calendar days")
    func pricingAcrossDaylightSaving() {
        // 10 PM to 4 AM the night the clocks go forward: six on the wall, five real hours.
        let start = Self.instant("2027-03-14T03:00:00Z"), end = Self.instant("2027-03-14T08:00:00Z")
        #expect(RentalPricing.units(from: start, to: end, unit: .hour, timeZone: Self.detroit) == 5)
        // The night they go back: 10 PM to 4 AM is seven real hours.
        #expect(RentalPricing.units(from: Self.instant("2027-11-07T02:00:00Z"), to: Self.instant("2027-11-07T09:00:00Z"),
                                    unit: .hour, timeZone: Self.detroit) == 7)
        // 10 AM Saturday to 10 AM Monday across the change is 47 hours but two days on campus.
        let saturday = Self.instant("2027-03-13T15:00:00Z"), monday = Self.instant("2027-03-15T14:00:00Z")
        #expect(monday.timeIntervalSince(saturday) == 47 * 3_600)
        #expect(RentalPricing.units(from: saturday, to: monday, unit: .day, timeZone: Self.detroit) == 2)
        #expect(RentalPricing.units(from: saturday, to: monday, unit: .day, timeZone: .gmt) == 1)
    }

    @Test("the rent form is typed in the campus's time, shows the price, and books the matching UTC instants; the order page and a refusal read in local time")
    func rentingInLocalTime() async throws {
        let clock = TestClock(start: Self.instant("2027-03-10T15:00:00Z"))
        try await withTestApp(clock: clock, adjust: { $0.campuses.defaultTimeZone = Self.detroit }) { app in
            let deal = try await app.deal(RentalTests.hourly)
            let tent = try await app.createListing(RentalTests.daily, token: deal.seller.token)
            let cookie = WebSessionCookie.name + "=" + deal.buyer.token
            let camera = "/listings/\(deal.listing.id.wireString)"
            let page = try await app.visit(camera, cookies: cookie)
            #expect(page.text.contains("From (EST)") && page.text.contains("Until (EST)"))
            #expect(page.text.contains("Times are shown in Eastern Time (EST)."))
            // The API says which zone the listing's rent days are counted in.
            #expect(try await app.send(.GET, "/api/v1" + camera).decode(MarketCore.Listing.self).timeZone == "America/Detroit")

            let typed = ["csrf": page.csrf, "start": "2027-03-13T22:00", "end": "2027-03-14T04:00"]
            let preview = try await app.postForm(camera + "/rent", fields: typed, cookies: page.cookies)
            #expect(preview.text.contains("5 hours × $3.00 = $15.00"), "\(preview.text)")
            let booked = try await app.postForm(camera + "/rent", fields: typed.merging(["confirm": "yes"]) { $1 }, cookies: page.cookies)
            #expect(booked.status == .seeOther)
            let orderPath = try #require(booked.headers.first(name: .location))
            let order = try await app.send(.GET, "/api/v1" + orderPath, token: deal.buyer.token).decode(MarketCore.Order.self)
            #expect(order.start == Self.instant("2027-03-14T03:00:00Z") && order.end == Self.instant("2027-03-14T08:00:00Z"))
            #expect(order.rentalUnits == 5)
            let orderPage = try await app.visit(orderPath, cookies: cookie)
            #expect(orderPage.text.contains("Mar 13, 2027, 10:00 PM EST – Mar 14, 2027, 4:00 AM EDT"))

            // Someone else typing an overlapping period is told when, in words and local time.
            let other = try await app.register(name: "Oli Other")
            let otherPage = try await app.visit(camera, cookies: WebSessionCookie.name + "=" + other.token)
            let refused = try await app.postForm(camera + "/rent", fields: ["csrf": otherPage.csrf, "start": "2027-03-14T03:00",
                                                                           "end": "2027-03-14T05:00", "confirm": "yes"], cookies: otherPage.cookies)
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("already booked Mar 13, 2027, 10:00 PM EST – Mar 14, 2027, 4:00 AM EDT"), "\(refused.text)")
            // An hour that does not exist on the campus's clock is named, not booked.
            let skipped = try await app.postForm(camera + "/rent", fields: ["csrf": otherPage.csrf, "start": "2027-03-14T02:30",
                                                                           "end": "2027-03-14T05:00"], cookies: otherPage.cookies)
            #expect(skipped.status == .unprocessableEntity && skipped.text.contains("does not exist"), "\(skipped.text)")

            // A day rental from 10 AM Saturday to 10 AM Monday across the change is two days.
            let days = try await app.rent(tent.id, from: Self.instant("2027-03-13T15:00:00Z"), to: Self.instant("2027-03-15T14:00:00Z"),
                                          token: deal.buyer.token)
            #expect(try days.decode(MarketCore.Order.self).rentalUnits == 2, "\(days.text)")
        }
    }
}
