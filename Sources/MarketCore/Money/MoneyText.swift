import Foundation

/// Money as a person reads and types it. Amounts stay integer minor units everywhere else;
/// these only turn them into text ("$12.50") and back ("12.50" → 1250), as the reader's
/// language writes them (`Localizer.current`): "$12.50" in English, "12,50 US$" in Spanish.
public enum MoneyText {
    /// "$12.50", "€8.00", "£3.20"; other currencies as "12.50 CHF". In a language that writes a
    /// decimal comma, "12,50 US$", "1234,00 €", "12.345,00 GB£" (CLDR's Spanish: the symbol after,
    /// thousands grouped from five digits).
    public static func format(_ minorUnits: Int, currency: String) -> String {
        let sign = minorUnits < 0 ? "−" : ""
        let magnitude = minorUnits.magnitude
        let cents = magnitude % 100
        let twoDigits = cents < 10 ? "0\(cents)" : "\(cents)"
        if Localizer.current.writesDecimalComma {
            let units = String(magnitude / 100)
            let grouped = units.count < 5 ? units : group(units, by: ".")
            let symbol = ["USD": "US$", "EUR": "€", "GBP": "GB£", "CAD": "CA$", "AUD": "AU$", "NZD": "NZ$"][currency] ?? currency
            return sign + grouped + "," + twoDigits + "\u{A0}" + symbol
        }
        // Not String(format:): Foundation's formatter was a sixth of drawing a feed card.
        let amount = "\(magnitude / 100)." + twoDigits
        switch currency {
        case "USD", "CAD", "AUD", "NZD": return sign + "$" + amount
        case "EUR": return sign + "€" + amount
        case "GBP": return sign + "£" + amount
        default: return sign + amount + " " + currency
        }
    }

    private static func group(_ digits: String, by separator: Character) -> String {
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(separator) }
            grouped.append(digit)
        }
        return grouped
    }

    /// The minor units a person typed as "12", "12.5", "12.50" or "1,250.00" (in a language that
    /// writes a decimal comma, "12,50" or "1.250,00"); nil when it is not an amount with at most
    /// two decimals.
    public static func parse(_ text: String) -> Int? {
        var typed = text.trimmingCharacters(in: .whitespaces)
        if Localizer.current.writesDecimalComma {
            typed = typed.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
            for symbol in ["US$", "€", "GB£", "\u{A0}", " "] { typed = typed.replacingOccurrences(of: symbol, with: "") }
        }
        typed = typed.replacingOccurrences(of: ",", with: "")
        if let first = typed.first, "$€£".contains(first) { typed.removeFirst() }
        let parts = typed.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.count <= 9,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }), let units = Int(whole), units >= 0 else { return nil }
        var cents = 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(fraction) else { return nil }
            cents = fraction.count == 1 ? value * 10 : value
        }
        return units * 100 + cents
    }

    /// What a form says beside an amount field whose text is not an amount.
    public static let typingProblem: Phrase = "must be an amount such as 12.50"

    /// The minor units typed in an optional amount field: nil when it is blank, and nil with
    /// ``typingProblem`` noted under `field` when it is not an amount.
    public static func field(_ text: String?, named field: String, into errors: inout FieldErrors) -> Int? {
        guard let typed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !typed.isEmpty else { return nil }
        guard let cents = parse(typed) else {
            errors.note(field, typingProblem)
            return nil
        }
        return cents
    }

    /// "12.50" ("12,50" in a language that writes a decimal comma): the value to put back in a
    /// form field.
    public static func plain(_ minorUnits: Int) -> String {
        "\(minorUnits / 100)\(Localizer.current.writesDecimalComma ? "," : ".")\(String(format: "%02d", minorUnits % 100))"
    }
}
