import Foundation
import MarketCore

/// Which of my orders to list.
public struct OrderFilter: Sendable, Equatable {
    /// Only orders where I am this party; both when nil.
    public var role: OrderRole?
    public var status: OrderStatus?
    public var type: OrderType?
    public var page: PageRequest

    public init(role: OrderRole? = nil, status: OrderStatus? = nil, type: OrderType? = nil, page: PageRequest = .first) {
        self.role = role
        self.status = status
        self.type = type
        self.page = page
    }
}
