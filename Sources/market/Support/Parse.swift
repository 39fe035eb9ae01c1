import ArgumentParser
import Foundation
import MarketCore

/// Values typed on the command line, read with a sentence for what is wrong (exit 1) rather
/// than a usage dump: amounts, ids and times.
enum Parse {
    /// "12", "12.5", "$12.50" → minor units.
    static func amount(_ text: String?, option: String) throws -> Int? {
        guard let text else { return nil }
        guard let cents = MoneyText.parse(text) else {
            throw CommandFailure("\(option) \(MoneyText.typingProblem) (got \"\(text)\").")
        }
        return cents
    }

    /// ISO 8601 ("2026-11-24T10:00:00Z"), or a local "2026-11-24 10:00" or "2026-11-24".
    static func time(_ text: String, option: String) throws -> Date {
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        throw CommandFailure("\(option) must be a time such as 2026-11-24 10:00 or 2026-11-24T10:00:00Z (got \"\(text)\").")
    }
}
