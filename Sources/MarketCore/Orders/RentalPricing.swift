import Foundation

/// What a rental costs: whole units, rounded down, never less than one.
public enum RentalPricing {
    /// Whole hours or days in `start..<end` (1 h 59 min per hour is 1 unit), never less than one.
    ///
    /// Hours are real hours: a night across a daylight-saving change is one hour shorter or
    /// longer. Days are calendar days in the listing's time zone, so 10:00 to 10:00 the next
    /// day is one day even when that day has 23 or 25 hours.
    public static func units(from start: Date, to end: Date, unit: RentUnit, timeZone: TimeZone = .gmt) -> Int {
        switch unit {
        case .hour:
            let seconds = Int(end.timeIntervalSince(start).rounded(.down))
            return max(1, seconds / unit.seconds)
        case .day:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            return max(1, calendar.dateComponents([.day], from: start, to: end).day ?? 0)
        }
    }

    public static func totalCents(from start: Date, to end: Date, unit: RentUnit, pricePerUnitCents: Int, timeZone: TimeZone = .gmt) -> Int {
        units(from: start, to: end, unit: unit, timeZone: timeZone) * pricePerUnitCents
    }
}
