import Foundation
import Vapor

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
