import Foundation
import MarketCore

/// An order in a list or on its page, in words.
struct OrderSummary: Encodable {
    struct Step: Encodable { var label: Phrase; var at: String }
    struct Action: Encodable { var name: String; var label: Phrase; var danger: Bool }

    var id: String
    var title: String
    var listingID: String
    var kind: Phrase
    var status: Phrase
    var isOpen: Bool
    var total: String
    var deliveryFee: String?
    var fulfillment: Phrase
    var period: Phrase?
    var otherParty: Phrase
    /// The other side's name alone.
    var otherName: String
    var role: String
    var created: String
    /// A rental not returned by its end: "Late since …".
    var late: Phrase?
    /// A rental's deposit, and what happens to it.
    var deposit: Phrase?
    var code: String?
    var timeline: [Step]
    var actions: [Action]
    var needsCode: Bool

    init(_ order: Order, viewerID: UUID, time: LocalTime) {
        let isBuyer = order.buyer.id == viewerID
        id = order.id.wireString
        title = order.listingTitle
        listingID = order.listingId.wireString
        switch order.type {
        case .purchase: kind = isBuyer ? "You are buying" : "You are selling"
        case .rental: kind = isBuyer ? "You are renting" : "You are lending"
        case .trade: kind = isBuyer ? "Your trade" : "Trade for your listing"
        }
        status = order.status.label
        late = order.lateAt.map { "Late since \(time.time($0))" }
        deposit = order.depositCents.map { Self.depositState(order.status, MoneyText.format($0, currency: order.currency)) }
        isOpen = order.status.isOpen
        total = MoneyText.format(order.totalCents, currency: order.currency)
        deliveryFee = order.deliveryFeeCents > 0 ? MoneyText.format(order.deliveryFeeCents, currency: order.currency) : nil
        fulfillment = order.fulfillment == .pickup ? "Pickup" : "Delivery"
        if let start = order.start, let end = order.end {
            let span = time.period(start, end)
            period = order.rentalUnits.map { "\(span) (\($0) units)" } ?? .verbatim(span)
        }
        otherParty = isBuyer ? "Seller: \(order.seller.name)" : "Buyer: \(order.buyer.name)"
        otherName = isBuyer ? order.seller.name : order.buyer.name
        role = isBuyer ? "buyer" : "seller"
        created = time.time(order.createdAt)
        code = order.confirmationCode
        timeline = order.history.map { Step(label: $0.note.map(Phrase.verbatim) ?? $0.status.label, at: time.time($0.at)) }
        actions = order.actions.filter { $0 != .complete }.map {
            Action(name: $0.rawValue, label: Self.label($0), danger: [.decline, .cancel, .reportProblem].contains($0))
        }
        needsCode = order.actions.contains(.complete)
    }

    /// What has happened to a rental's deposit at `status`.
    static func depositState(_ status: OrderStatus, _ amount: String) -> Phrase {
        switch status {
        case .pending, .accepted, .readyForPickup, .outForDelivery: "\(amount), held when it is handed over"
        case .inUse, .returned, .disputed: "\(amount), held until the owner confirms it is back"
        case .completed: "\(amount), returned"
        case .declined, .cancelled, .unknown: "\(amount), never held"
        }
    }

    static func label(_ action: OrderAction) -> Phrase {
        switch action {
        case .accept: "Accept"
        case .decline: "Decline"
        case .cancel: "Cancel order"
        case .ready: "Mark ready for pickup"
        case .outForDelivery: "Mark out for delivery"
        case .complete: "Complete"
        case .markReturned: "I returned it"
        case .confirmReturn: "Confirm it is back"
        case .reportProblem: "Report a problem"
        }
    }
}
