import Foundation
import MarketCore

/// Dates and times as a person reads and types them: in one time zone (their campus's), with
/// the zone's abbreviation on every time, so "10:00 AM EST" can never be read as UTC. Pages,
/// mails and the messages of errors people read use it; the wire stays UTC ISO 8601. In the
/// reader's language: English in the fixed patterns below, any other language in its own order
/// and words ("30 nov 2026, 15:30 EST"), from the same patterns read as templates.
struct LocalTime: Sendable {
    let zone: TimeZone
    /// The language days and months are written in (an offered tag; a pseudo-locale writes English).
    let language: String

    init(_ zone: TimeZone, language: String = "en") {
        self.zone = zone
        self.language = Localizer.for(language).map { $0.isPseudo ? "en" : $0.language } ?? "en"
    }

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
    func inputProblem(_ text: String) -> Phrase {
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
    func ago(_ date: Date, now: Date) -> Phrase {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3600)) hours ago"
        case ..<(2 * 86_400): return "yesterday"
        case ..<(7 * 86_400): return "\(Int(seconds / 86_400)) days ago"
        default: return .verbatim(day(date))
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
        let key = TextKey(zone: zone.identifier, language: language, pattern: pattern, minute: Int((date.timeIntervalSince1970 / 60).rounded(.down)))
        return Self.texts.value(for: key) { Self.formatters.with(zone, pattern, language: language) { $0.string(from: date) } }
    }

    private struct TextKey: Hashable, Sendable {
        let zone: String
        let language: String
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

        /// The patterns people read, as templates another language orders its own way.
        private static let templates = ["MMM d, yyyy": "yMMMd", "MMM d, yyyy, h:mm a zzz": "yMMMdjmmzzz", "h:mm a zzz": "jmmzzz",
                                        "MMMM yyyy": "yMMMM"]

        func with<Result>(_ zone: TimeZone, _ pattern: String, language: String = "en", _ body: (DateFormatter) -> Result) -> Result {
            lock.withLock {
                let key = zone.identifier + "\u{0}" + pattern + "\u{0}" + language
                if let formatter = cache[key] { return body(formatter) }
                let formatter = DateFormatter()
                formatter.timeZone = zone
                var pattern = pattern
                formatter.locale = Locale(identifier: "en_US_POSIX")  // English, and every input's pattern
                if language != "en" {
                    let locale = Locale(identifier: language)
                    if let template = Self.templates[pattern],
                       let localized = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) {
                        (formatter.locale, pattern) = (locale, localized)
                    } else if pattern == "vvvv" || pattern == "zzz" {
                        formatter.locale = locale  // the zone's name in the language
                    }
                }
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
