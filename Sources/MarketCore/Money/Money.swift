import Foundation

/// Money rules: integer minor units with an ISO 4217 code.
public enum Money {
    /// Largest accepted price in minor units (1,000,000.00): keeps arithmetic far from overflow.
    public static let maxMinorUnits = 100_000_000

    public static func priceProblem(_ cents: Int) -> Phrase? {
        if cents <= 0 { return "must be > 0" }
        if cents > maxMinorUnits { return "must be at most \(maxMinorUnits)" }
        return nil
    }

    /// Three upper-case letters naming an ISO 4217 currency.
    public static func isCurrencyCode(_ code: String) -> Bool {
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return false }
        let known = Locale.commonISOCurrencyCodes
        return known.isEmpty || known.contains(code)
    }
}
