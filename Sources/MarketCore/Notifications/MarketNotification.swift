import Foundation

/// Something that happened to one of your orders or offers.
public struct MarketNotification: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var kind: NotificationKind
    public var message: String
    public var orderId: UUID?
    public var tradeOfferId: UUID?
    public var listingId: UUID?
    /// For `order_status_changed`: the status the order reached.
    public var orderStatus: OrderStatus?
    public var createdAt: Date
    public var readAt: Date?

    public init(id: UUID, kind: NotificationKind, message: String, orderId: UUID?, tradeOfferId: UUID?, listingId: UUID?,
                orderStatus: OrderStatus?, createdAt: Date, readAt: Date?) {
        self.id = id
        self.kind = kind
        self.message = message
        self.orderId = orderId
        self.tradeOfferId = tradeOfferId
        self.listingId = listingId
        self.orderStatus = orderStatus
        self.createdAt = createdAt
        self.readAt = readAt
    }
}

public typealias NotificationPage = UnreadPage<MarketNotification>

public struct UnreadCount: Codable, Sendable, Equatable {
    public var unreadCount: Int

    public init(unreadCount: Int) {
        self.unreadCount = unreadCount
    }
}
