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

/// A campus zone on a flat map, in kilometres from an origin the operator picks.
struct DeliveryZone: Sendable, Equatable {
    var name: String
    var x: Double
    var y: Double

    /// Parses `DELIVERY_ZONES`: `name:x,y;name:x,y;…`.
    static func parseList(_ text: String) throws -> [DeliveryZone] {
        let zones = try text.split(separator: ";").map { item -> DeliveryZone in
            let parts = item.split(separator: ":", maxSplits: 1)
            let coordinates = parts.count == 2 ? parts[1].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } : []
            let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !name.isEmpty, coordinates.count == 2 else {
                throw ConfigurationError("DELIVERY_ZONES must look like 'library:0,0;north-dorms:1.2,0.4', not '\(item)'")
            }
            return DeliveryZone(name: name, x: coordinates[0], y: coordinates[1])
        }
        guard !zones.isEmpty else { throw ConfigurationError("DELIVERY_ZONES must name at least one zone") }
        return zones
    }
}

/// Delivery pricing settings, from `DELIVERY_*` environment variables.
struct DeliverySettings: Sendable {
    var zones: [DeliveryZone] = [
        DeliveryZone(name: "central", x: 0, y: 0), DeliveryZone(name: "north", x: 0, y: 1.5),
        DeliveryZone(name: "south", x: 0, y: -1.5), DeliveryZone(name: "east", x: 1.5, y: 0),
        DeliveryZone(name: "west", x: -1.5, y: 0),
    ]
    var baseFeeCents = 200
    var perKilometreCents = 150
    var quoteLifetime: TimeInterval = 15 * 60
}

/// Prices a delivery as a base fee plus a rate per kilometre of straight-line distance, and
/// estimates its duration as ten minutes of handling plus a cyclist's 4 minutes per kilometre.
struct ZoneDeliveryQuoteProvider: DeliveryQuoteProvider {
    let settings: DeliverySettings

    var name: String { "zones" }
    var zones: [String] { settings.zones.map(\.name) }

    func estimate(from pickup: String, to dropoff: String, currency: String) async throws -> DeliveryEstimate {
        guard let from = settings.zones.first(where: { $0.name == pickup }),
              let to = settings.zones.first(where: { $0.name == dropoff }) else {
            throw Abort(.internalServerError, reason: "zones are checked before estimating")
        }
        let kilometres = ((from.x - to.x) * (from.x - to.x) + (from.y - to.y) * (from.y - to.y)).squareRoot()
        let fee = settings.baseFeeCents + Int((kilometres * Double(settings.perKilometreCents)).rounded())
        return DeliveryEstimate(feeCents: fee, durationMinutes: 10 + Int((kilometres * 4).rounded(.up)))
    }
}

extension Application {
    private struct DeliveryProviderKey: StorageKey { typealias Value = any DeliveryQuoteProvider }

    /// Zone pricing from the settings unless something else (a courier adapter, a test) is set.
    var deliveryQuoteProvider: any DeliveryQuoteProvider {
        get { storage[DeliveryProviderKey.self] ?? ZoneDeliveryQuoteProvider(settings: settings.delivery) }
        set { storage[DeliveryProviderKey.self] = newValue }
    }
}
