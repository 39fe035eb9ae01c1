import Foundation
import MarketCore

/// Dates and times as a person reads and types them: in one time zone (their campus's), with
/// the zone's abbreviation on every time, so "10:00 AM EST" can never be read as UTC. Pages,
/// mails and the messages of errors people read use it; the wire stays UTC ISO 8601.
struct LocalTime: Sendable {
    let zone: TimeZone

    init(_ zone: TimeZone) { self.zone = zone }

    /// "Nov 30, 2026"
    func day(_ date: Date) -> String { format(date, "MMM d, yyyy") }
    /// "Nov 30, 2026, 10:00 AM EST"
    func time(_ date: Date) -> String { format(date, "MMM d, yyyy, h:mm a zzz") }
    /// "Nov 30, 2026, 10:00 AM EST – 12:00 PM EST", the second day left out when it is the same.
    func period(_ start: Date, _ end: Date) -> String {
        let sameDay = day(start) == day(end)
        return time(start) + " – " + (sameDay ? format(end, "h:mm a zzz") : time(end))
    }
    /// "November 2026"
    func month(_ date: Date) -> String { format(date, "MMMM yyyy") }
    /// The zone's name for a footer or a label: "EST", "GMT+1".
    func abbreviation(at date: Date) -> String { format(date, "zzz") }
    /// What the footer says times are in: "Eastern Time (EST)", or "UTC".
    func zoneName(at date: Date) -> String {
        let abbreviation = abbreviation(at: date)
        return abbreviation == "UTC" ? abbreviation : format(date, "vvvv") + " (\(abbreviation))"
    }

    /// The value of an `<input type="datetime-local">`: wall-clock time in this zone.
    func input(_ date: Date) -> String { format(date, "yyyy-MM-dd'T'HH:mm") }
    /// What a `datetime-local` field sent back, read in this zone. A wall-clock time that does
    /// not exist (skipped by a daylight-saving change) is nil; one that happens twice (the hour
    /// repeated when clocks go back) is read as the second, in standard time.
    func parseInput(_ text: String) -> Date? {
        let trimmed = String(text.trimmingCharacters(in: .whitespaces).prefix(16))
        guard let date = parse(trimmed, "yyyy-MM-dd'T'HH:mm"), input(date) == trimmed else { return nil }
        return date
    }
    /// A form's `datetime-local` field: nil when left empty, the instant when it reads, else
    /// nil with the reason noted beside `field`.
    func readInput(_ text: String?, field: String, into errors: inout FieldErrors) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        guard let date = parseInput(text) else {
            errors[field] = inputProblem(text)
            return nil
        }
        return date
    }

    /// Why `parseInput` refused `text`, for the message beside the field.
    func inputProblem(_ text: String) -> String {
        let trimmed = String(text.trimmingCharacters(in: .whitespaces).prefix(16))
        if trimmed.wholeMatch(of: /\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d/) != nil,
           let day = parseDateInput(String(trimmed.prefix(10))), dateInput(day) == trimmed.prefix(10) {
            return "does not exist here: the clocks skip that hour"
        }
        return "must be a date and time"
    }

    /// The value of an `<input type="date">`, and back (the day's start in this zone).
    func dateInput(_ date: Date) -> String { format(date, "yyyy-MM-dd") }
    func parseDateInput(_ text: String) -> Date? { parse(text.trimmingCharacters(in: .whitespaces), "yyyy-MM-dd") }

    /// "3 hours ago", "yesterday", or the date.
    func ago(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: let hours = Int(seconds / 3600); return hours == 1 ? "1 hour ago" : "\(hours) hours ago"
        case ..<(2 * 86_400): return "yesterday"
        case ..<(7 * 86_400): return "\(Int(seconds / 86_400)) days ago"
        default: return day(date)
        }
    }

    /// A calendar whose days are this zone's.
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    // DateFormatter is costly to make and not thread-safe: one per zone and pattern, used under a lock.
    private static let formatters = Formatters()

    /// Every pattern here shows at most minutes, so a text is kept per zone, pattern and minute:
    /// a page asks for the same days, months and zone names again and again, and a formatter
    /// call costs microseconds under a lock (a third of drawing a card; a tenth of a listing's
    /// page beside its JSON). A minute never spans two days or two offsets in a zone whose offset
    /// is whole minutes, as every zone's has been since 1972.
    private func format(_ date: Date, _ pattern: String) -> String {
        let key = TextKey(zone: zone.identifier, pattern: pattern, minute: Int((date.timeIntervalSince1970 / 60).rounded(.down)))
        return Self.texts.value(for: key) { Self.formatters.with(zone, pattern) { $0.string(from: date) } }
    }

    private struct TextKey: Hashable, Sendable {
        let zone: String
        let pattern: String
        let minute: Int
    }

    private static let texts = Memo<TextKey, String>(capacity: 4_096)

    private func parse(_ text: String, _ pattern: String) -> Date? {
        Self.formatters.with(zone, pattern) { $0.date(from: text) }
    }

    private final class Formatters: @unchecked Sendable {
        private var cache: [String: DateFormatter] = [:]
        private let lock = NSLock()

        func with<Result>(_ zone: TimeZone, _ pattern: String, _ body: (DateFormatter) -> Result) -> Result {
            lock.withLock {
                let key = zone.identifier + "\u{0}" + pattern
                if let formatter = cache[key] { return body(formatter) }
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = zone
                // ICU calls UTC "GMT"; people and the rest of the site say UTC. Decided here, once
                // per zone and pattern, not on every call (a page formats dozens of times).
                let isUTC = zone.secondsFromGMT() == 0 && ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(zone.identifier)
                formatter.dateFormat = isUTC ? pattern.replacingOccurrences(of: "zzz", with: "'UTC'") : pattern
                // A datetime-local value in a skipped hour must not roll into the next day's.
                formatter.isLenient = false
                cache[key] = formatter
                return body(formatter)
            }
        }
    }
}
