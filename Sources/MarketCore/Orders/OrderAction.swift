/// A step in the order lifecycle, as named in `POST /api/v1/orders/{id}/{action}`.
/// The table lives here so the server enforces it and apps can show only the buttons that work.
public enum OrderAction: String, Codable, Sendable, CaseIterable {
    case accept, decline, cancel, ready
    case outForDelivery = "out-for-delivery"
    case complete

    /// Who may take this step: the buyer may only cancel; the rest is the seller's.
    /// (The seller completes the hand-over by entering the code the buyer shows them.)
    public var actor: OrderRole { self == .cancel ? .buyer : .seller }

    /// The status this step leads to from `status`, or nil when the step is not allowed there.
    public func target(from status: OrderStatus, fulfillment: Fulfillment) -> OrderStatus? {
        switch (self, status) {
        case (.accept, .pending): .accepted
        case (.decline, .pending): .declined
        case (.cancel, .pending): .cancelled
        case (.ready, .accepted) where fulfillment == .pickup: .readyForPickup
        case (.outForDelivery, .accepted) where fulfillment == .delivery: .outForDelivery
        case (.complete, .readyForPickup), (.complete, .outForDelivery): .completed
        default: nil
        }
    }

    /// The steps `role` can take on an order in `status`.
    public static func available(to role: OrderRole, from status: OrderStatus, fulfillment: Fulfillment) -> [OrderAction] {
        allCases.filter { $0.actor == role && $0.target(from: status, fulfillment: fulfillment) != nil }
    }
}
