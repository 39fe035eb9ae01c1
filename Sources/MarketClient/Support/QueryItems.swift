import Foundation
import MarketCore

/// Builds a query, leaving out parameters that are nil.
struct QueryItems {
    var items: [URLQueryItem] = []

    func adding(_ name: String, _ value: (any CustomStringConvertible)?) -> QueryItems {
        guard let value else { return self }
        var copy = self
        copy.items.append(URLQueryItem(name: name, value: value.description))
        return copy
    }

    func adding(_ name: String, _ value: UUID?) -> QueryItems {
        adding(name, value?.wireString)
    }

    func adding<Value: RawRepresentable>(_ name: String, _ value: Value?) -> QueryItems where Value.RawValue == String {
        adding(name, value?.rawValue)
    }

    func adding(_ items: [URLQueryItem]) -> QueryItems {
        var copy = self
        copy.items += items
        return copy
    }
}
