import Foundation

public enum NotificationKind: String, OpenEnum {
    case purchaseRequested = "purchase_requested"
    case rentalRequested = "rental_requested"
    case tradeOfferReceived = "trade_offer_received"
    case tradeOfferAccepted = "trade_offer_accepted"
    case tradeOfferDeclined = "trade_offer_declined"
    case tradeOfferWithdrawn = "trade_offer_withdrawn"
    case orderStatusChanged = "order_status_changed"
    /// A report you made was decided.
    case reportDecided = "report_decided"
    /// A moderator removed your listing, or warned you: the message says why.
    case moderatorAction = "moderator_action"
    /// Someone reviewed you after an order.
    case reviewReceived = "review_received"
    /// The other side of a pickup order proposed where and when to meet.
    case meetupProposed = "meetup_proposed"
    /// The other side agreed to the meetup you proposed.
    case meetupAgreed = "meetup_agreed"
    /// A rental was not returned by its end (told to both sides).
    case rentalLate = "rental_late"
    /// A listing you saved costs less now.
    case favoritePriceDropped = "favorite_price_dropped"
    /// Someone placed an order for a listing you saved.
    case favoriteBeingSold = "favorite_being_sold"
    /// A new or changed listing matches a search you saved.
    case savedSearchMatched = "saved_search_matched"
    /// A new message (pushed and mailed only: in the app, the conversation itself shows it).
    case messageReceived = "message_received"
    case unknown

    public static var allCases: [NotificationKind] {
        [.purchaseRequested, .rentalRequested, .tradeOfferReceived, .tradeOfferAccepted, .tradeOfferDeclined, .tradeOfferWithdrawn,
         .orderStatusChanged, .reportDecided, .moderatorAction, .reviewReceived, .meetupProposed, .meetupAgreed, .rentalLate,
         .favoritePriceDropped, .favoriteBeingSold, .savedSearchMatched, .messageReceived]
    }
}
