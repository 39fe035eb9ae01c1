/// pending → accepted → ready_for_pickup | out_for_delivery → completed, or declined / cancelled.
/// A rental is handed over into in_use, comes back (returned, by the renter's word) and is
/// completed when its owner confirms the return — or disputed when the owner reports a problem.
public enum OrderStatus: String, OpenEnum {
    case pending, accepted
    case readyForPickup = "ready_for_pickup"
    case outForDelivery = "out_for_delivery"
    /// A rental handed over: the renter has it.
    case inUse = "in_use"
    /// The renter says it is back; the owner confirms (or reports a problem).
    case returned
    /// The owner reported a problem with the return; the two sides talk it over.
    case disputed
    case completed, declined, cancelled
    case unknown

    public static var allCases: [OrderStatus] {
        [.pending, .accepted, .readyForPickup, .outForDelivery, .inUse, .returned, .disputed, .completed, .declined, .cancelled]
    }

    /// Still in progress: something can happen next.
    public var isOpen: Bool {
        switch self {
        case .pending, .accepted, .readyForPickup, .outForDelivery, .inUse, .returned, .disputed: true
        case .completed, .declined, .cancelled, .unknown: false
        }
    }

    /// Not handed over yet: where and when to meet can still be arranged.
    public var isBeforeHandOver: Bool { [.pending, .accepted, .readyForPickup].contains(self) }

    /// A rental not back with its owner yet: its listing stays booked past the period's end.
    public static let outWithRenter: [OrderStatus] = [.inUse, .returned]

    /// Holds the item (a sale) or the period (a rental): every status but declined and cancelled.
    public var isLive: Bool { self != .declined && self != .cancelled && self != .unknown }

    /// The statuses that release what the order held, as SQL literals for partial indexes.
    public static let released: [OrderStatus] = [.declined, .cancelled]
}
