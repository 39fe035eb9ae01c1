import Foundation

/// A person's ratings in short: shown on every profile and seller card.
public struct RatingSummary: Codable, Sendable, Equatable {
    /// Mean of the ratings, to one decimal; 0 when there are none.
    public var average: Double
    public var count: Int

    public init(average: Double, count: Int) {
        self.average = average
        self.count = count
    }

    /// Someone nobody has reviewed yet.
    public static let unrated = RatingSummary(average: 0, count: 0)

    /// "4.7 ★ (12 reviews)", or "No reviews yet".
    public var label: Phrase {
        count == 0 ? "No reviews yet" : "\(String(format: "%.1f", average)) ★ (\(count) reviews)"
    }
}
