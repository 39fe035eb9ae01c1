import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MarketClient
import MarketCore

enum Format {
    static func money(_ cents: Int?, _ currency: String) -> String {
        cents.map { MoneyText.format($0, currency: currency) } ?? "–"
    }

    /// A time in the local zone, as a person reads it: "Tue 24 Nov 14:00".
    static func time(_ date: Date?) -> String {
        guard let date else { return "–" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "EEE d MMM yyyy HH:mm"
        return formatter.string(from: date)
    }

    static func short(_ text: String, _ limit: Int = 38) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// How the listing can be had: "$25.00", "$5.00/day", "trade".
    static func offers(_ listing: Listing) -> String {
        var parts: [String] = []
        if let sale = listing.salePriceCents { parts.append(money(sale, listing.currency)) }
        if let rent = listing.rentPriceCents {
            parts.append(money(rent, listing.currency) + "/" + (listing.rentUnit == .hour ? "hour" : "day" as Phrase).localized)
        }
        if listing.openToTrade { parts.append(("trade" as Phrase).localized) }
        return parts.joined(separator: " · ")
    }
}
