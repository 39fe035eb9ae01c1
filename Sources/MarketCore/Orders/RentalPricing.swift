import Foundation

/// Rental rules shared by server and apps: whole units, rounded down, at least one.
public enum RentalPricing {
    /// Whole hours or days in `start..<end` (1 h 59 min per hour is 1 unit), never less than one.
    public static func units(from start: Date, to end: Date, unit: RentUnit) -> Int {
        let seconds = Int(end.timeIntervalSince(start).rounded(.down))
        return max(1, seconds / unit.seconds)
    }

    public static func totalCents(from start: Date, to end: Date, unit: RentUnit, pricePerUnitCents: Int) -> Int {
        units(from: start, to: end, unit: unit) * pricePerUnitCents
    }
}
