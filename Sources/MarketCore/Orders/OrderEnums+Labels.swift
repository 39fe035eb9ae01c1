/// Words a person reads for each value.
extension OrderStatus {
    public var label: Phrase {
        switch self {
        case .pending: "Waiting for the seller"
        case .accepted: "Accepted"
        case .readyForPickup: "Ready for pickup"
        case .outForDelivery: "Out for delivery"
        case .inUse: "With the renter"
        case .returned: "Returned, waiting for the owner"
        case .disputed: "Problem reported"
        case .completed: "Completed"
        case .declined: "Declined"
        case .cancelled: "Cancelled"
        case .unknown: "Updated (open the order for details)"
        }
    }
}
