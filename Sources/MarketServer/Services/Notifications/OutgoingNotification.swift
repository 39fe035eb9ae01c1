import Fluent
import Foundation
import MarketCore
import Vapor

/// What to tell one user.
struct OutgoingNotification: Sendable {
    var userID: UUID
    var kind: NotificationKind
    /// Put in words in the recipient's language by each sender (`Notifier`).
    var message: Phrase
    var orderID: UUID?
    var tradeOfferID: UUID?
    var listingID: UUID?
    var orderStatus: OrderStatus?
    /// A new message's conversation and place in it (`messageReceived`): mail about it is
    /// dropped once the conversation is read that far.
    var conversationID: UUID?
    var messageSeq: Int64?
    /// The in-app notification's id, known before it is stored, so mail can ask whether it was read.
    var id = UUID()

    /// Where it leads on the site (and in the app, which opens these paths): a conversation, an
    /// order, a trade offer, else a listing.
    var path: String? {
        if let conversationID { return "/messages/\(conversationID)" }
        if let orderID { return "/orders/\(orderID)" }
        if tradeOfferID != nil { return "/offers" }
        if let listingID { return "/listings/\(listingID)" }
        return nil
    }
}
