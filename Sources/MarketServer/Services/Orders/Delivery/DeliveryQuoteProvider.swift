import Foundation
import Vapor

/// A price and duration for taking a parcel from one campus zone to another.
struct DeliveryEstimate: Sendable, Equatable {
    var feeCents: Int
    var durationMinutes: Int
}

/// Prices deliveries. The default prices by distance between campus zones from configuration;
/// a courier company's API would be another implementation (it may throw when unreachable).
protocol DeliveryQuoteProvider: Sendable {
    /// Stored with each quote, so orders show who priced them.
    var name: String { get }
    /// The places this provider can pick up from and drop off at; the first is the default pickup.
    var zones: [String] { get }
    func estimate(from pickup: String, to dropoff: String, currency: String) async throws -> DeliveryEstimate
}

extension Application {
    private struct DeliveryProviderKey: StorageKey { typealias Value = any DeliveryQuoteProvider }

    /// Zone pricing from the settings unless something else (a courier adapter, a test) is set.
    var deliveryQuoteProvider: any DeliveryQuoteProvider {
        get { storage[DeliveryProviderKey.self] ?? ZoneDeliveryQuoteProvider(settings: settings.delivery) }
        set { storage[DeliveryProviderKey.self] = newValue }
    }
}
