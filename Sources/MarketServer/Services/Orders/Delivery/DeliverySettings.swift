import Foundation
import Vapor

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
