import Fluent
import Foundation
import MarketCore
import Vapor

/// What to tell one user.
struct OutgoingNotification: Sendable {
    var userID: UUID
    var kind: NotificationKind
    var message: String
    var orderID: UUID?
    var tradeOfferID: UUID?
    var listingID: UUID?
    var orderStatus: OrderStatus?
}
