import Foundation
import Vapor

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
