import Foundation
import MarketCore

/// Dates as a person reads them on a page. Times are UTC and say so.
enum WebFormat {
    private static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }

    private static let dayFormatter = formatter("MMM d, yyyy")
    private static let timeFormatter = formatter("MMM d, yyyy, HH:mm 'UTC'")
    private static let monthFormatter = formatter("MMMM yyyy")
    private static let inputFormatter = formatter("yyyy-MM-dd'T'HH:mm")
    private static let dateInputFormatter = formatter("yyyy-MM-dd")
    private static let lock = NSLock()

    static func day(_ date: Date) -> String { lock.withLock { dayFormatter.string(from: date) } }
    static func time(_ date: Date) -> String { lock.withLock { timeFormatter.string(from: date) } }
    static func month(_ date: Date) -> String { lock.withLock { monthFormatter.string(from: date) } }
    /// The value of an `<input type="datetime-local">`, in UTC.
    static func input(_ date: Date) -> String { lock.withLock { inputFormatter.string(from: date) } }
    /// What a `datetime-local` field sent back (UTC), or nil.
    static func parseInput(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return lock.withLock { inputFormatter.date(from: String(trimmed.prefix(16))) }
    }

    /// The value of an `<input type="date">`, and back.
    static func dateInput(_ date: Date) -> String { lock.withLock { dateInputFormatter.string(from: date) } }
    static func parseDateInput(_ text: String) -> Date? { lock.withLock { dateInputFormatter.date(from: text.trimmingCharacters(in: .whitespaces)) } }

    /// "3 hours ago", "yesterday", or the date.
    static func ago(_ date: Date, now: Date) -> String {
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
}
