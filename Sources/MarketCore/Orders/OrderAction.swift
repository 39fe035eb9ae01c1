/// A step in the order lifecycle, as named in `POST /api/v1/orders/{id}/{action}`.
/// The table lives here so the server enforces it and apps can show only the buttons that work.
public enum OrderAction: String, Codable, Sendable, CaseIterable {
    case accept, decline, cancel, ready
    case outForDelivery = "out-for-delivery"
    case complete
    /// The renter brought a rental back.
    case markReturned = "return"
    /// The owner has it back as it left: the rental is completed.
    case confirmReturn = "confirm-return"
    /// The owner has it back with a problem (damage, missing parts): the order is flagged.
    case reportProblem = "report-problem"

    /// Who may take this step: the buyer cancels and returns a rental; the rest is the seller's.
    /// (The seller completes the hand-over by entering the code the buyer shows them.)
    public var actor: OrderRole { self == .cancel || self == .markReturned ? .buyer : .seller }

    /// The status this step leads to from `status`, or nil when the step is not allowed there.
    /// Handing over a rental puts it in use; it is completed when its owner confirms the return.
    public func target(from status: OrderStatus, type: OrderType, fulfillment: Fulfillment) -> OrderStatus? {
        switch (self, status) {
        case (.accept, .pending): .accepted
        case (.decline, .pending): .declined
        case (.cancel, .pending): .cancelled
        case (.ready, .accepted) where fulfillment == .pickup: .readyForPickup
        case (.outForDelivery, .accepted) where fulfillment == .delivery: .outForDelivery
        case (.complete, .readyForPickup), (.complete, .outForDelivery): type == .rental ? .inUse : .completed
        case (.markReturned, .inUse): .returned
        case (.confirmReturn, .returned), (.confirmReturn, .disputed): .completed
        case (.reportProblem, .returned): .disputed
        default: nil
        }
    }

    /// The steps `role` can take on an order in `status`.
    public static func available(to role: OrderRole, from status: OrderStatus, type: OrderType, fulfillment: Fulfillment) -> [OrderAction] {
        allCases.filter { $0.actor == role && $0.target(from: status, type: type, fulfillment: fulfillment) != nil }
    }
}
