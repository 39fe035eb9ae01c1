import Foundation
import MarketCore

/// Month grids of a rentable listing's booked days, drawn as tables (no script needed).
enum RentalCalendar {
    struct Day: Sendable {
        var number: String
        var booked: Bool
        var past: Bool
        var label: String
    }

    /// A month's grid; templates place it with `#unsafeHTML(month.html)`.
    struct Month: Encodable, Sendable, TemplateValueConvertible {
        let caption: String
        let weeks: [[Day]]
        /// The month as a table, booked days marked for sight and for screen readers. Written
        /// here, not in Leaf: two months of days in LeafKit's loops were a fifth of a rentable
        /// listing's page (docs/benchmarks.md, "The read path").
        let html: String

        init(caption: String, weeks: [[Day]]) {
            self.caption = caption
            self.weeks = weeks
            html = Self.table(caption, weeks)
        }

        private enum CodingKeys: String, CodingKey { case html }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(html, forKey: .html)
        }

        var templateValue: TemplateValue { .object(["html": .string(html)]) }

        private static func table(_ caption: String, _ weeks: [[Day]]) -> String {
            var html = #"<table class="calendar"><caption>\#(HTMLText.escape(caption)) — booked days marked</caption>"#
            html += #"<thead><tr><th scope="col">Mo</th><th scope="col">Tu</th><th scope="col">We</th><th scope="col">Th</th>"#
            html += #"<th scope="col">Fr</th><th scope="col">Sa</th><th scope="col">Su</th></tr></thead><tbody>"#
            for week in weeks {
                html += "<tr>"
                for day in week {
                    let number = HTMLText.escape(day.number)
                    if day.booked {
                        html += #"<td class="booked"><span aria-label="\#(HTMLText.escape(day.label))">\#(number)</span></td>"#
                    } else {
                        html += (day.past ? #"<td class="past">"# : "<td>") + number + "</td>"
                    }
                }
                html += "</tr>"
            }
            return html + "</tbody></table>"
        }
    }

    /// `count` months from the one holding `now`, in the reader's days; a day is booked when
    /// any period touches it.
    static func months(_ count: Int, from now: Date, booked: [BookedPeriod], time: LocalTime) -> [Month] {
        var calendar = time.calendar
        calendar.firstWeekday = 2  // weeks start on Monday
        let zone = time.zone.identifier
        return spans(count, from: now, zone: zone, calendar: calendar).map { span in
            let touching = booked.filter { $0.start < span.next && $0.end > span.start }
            // A month no booking touches depends only on the zone, the month and today: most of
            // them, kept once drawn (two months' grids were a twentieth of a listing's page).
            let make = {
                Self.month(from: span.start, to: span.next, firstNotPast: span.firstNotPast, touching: touching, calendar: calendar, time: time)
            }
            return touching.isEmpty
                ? unbooked.value(for: UnbookedMonth(zone: zone, start: span.start, firstNotPast: span.firstNotPast), making: make)
                : make()
        }
    }

    /// Where each of `count` months from the one holding `now` starts and ends in `calendar`'s
    /// zone (named `zone`), and its first day not past. Kept per zone and minute (a zone's days turn on a
    /// minute): `Calendar`'s arithmetic for them was a seventieth of a listing's page.
    private static func spans(_ count: Int, from now: Date, zone: String, calendar: Calendar) -> [MonthSpan] {
        let minute = Int((now.timeIntervalSinceReferenceDate / 60).rounded(.down))
        return monthSpans.value(for: SpansKey(zone: zone, minute: minute, count: count)) {
            let today = calendar.dateComponents([.year, .month, .day], from: now)
            guard var start = calendar.date(from: DateComponents(year: today.year, month: today.month)), let todayNumber = today.day else { return [] }
            var spans: [MonthSpan] = []
            for index in 0..<count {
                guard let next = calendar.date(byAdding: .month, value: 1, to: start) else { break }
                // Days before today's are past: in today's month only.
                spans.append(MonthSpan(start: start, next: next, firstNotPast: index == 0 ? todayNumber : 1))
                start = next
            }
            return spans
        }
    }

    private struct MonthSpan: Sendable {
        let start: Date
        let next: Date
        let firstNotPast: Int
    }

    private struct SpansKey: Hashable, Sendable {
        let zone: String
        let minute: Int
        let count: Int
    }

    private static let monthSpans = Memo<SpansKey, [MonthSpan]>(capacity: 512)

    private struct UnbookedMonth: Hashable, Sendable {
        let zone: String
        let start: Date
        let firstNotPast: Int
    }

    private static let unbooked = Memo<UnbookedMonth, Month>(capacity: 512)

    /// The grid of the month from `start` to `next`, its days booked where a `touching` period is.
    private static func month(from start: Date, to next: Date, firstNotPast: Int, touching: [BookedPeriod],
                              calendar: Calendar, time: LocalTime) -> Month {
        // Every month of the Gregorian calendar has its days.
        let days = calendar.range(of: .day, in: .month, for: start)!
        let leading = (calendar.component(.weekday, from: start) + 5) % 7  // Monday = 0
        var cells: [Day] = Array(repeating: Day(number: "", booked: false, past: false, label: ""), count: leading)
        // Each day's start, and the next month's as the last day's end, only when a booking
        // touches the month. A day is 23 or 25 hours long when the clocks change, so the
        // calendar counts them, once each.
        let starts = touching.isEmpty ? [] : days.map { calendar.date(byAdding: .day, value: $0 - 1, to: start)! } + [next]
        for day in days {
            let isBooked = !touching.isEmpty && touching.contains { $0.start < starts[day] && $0.end > starts[day - 1] }
            cells.append(Day(number: String(day), booked: isBooked, past: day < firstNotPast,
                             label: isBooked ? "\(day), booked" : String(day)))
        }
        while cells.count % 7 != 0 { cells.append(Day(number: "", booked: false, past: false, label: "")) }
        let weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<($0 + 7)]) }
        return Month(caption: time.month(start), weeks: weeks)
    }
}
