/// Purchases, rentals and accepted trades share one order resource; `type` says which.
public enum OrderType: String, Codable, Sendable, CaseIterable {
    case purchase, rental, trade
}

public enum Fulfillment: String, Codable, Sendable, CaseIterable {
    case pickup, delivery
}

/// Which side of an order someone is on.
public enum OrderRole: String, Codable, Sendable, CaseIterable {
    case buyer, seller
}

/// `GET /api/v1/me/activity?kind=`: Teebay's four lists, plus trades.
public enum ActivityKind: String, Codable, Sendable, CaseIterable {
    /// Purchases you made.
    case bought
    /// Your listings others bought.
    case sold
    /// Rentals you took.
    case borrowed
    /// Your listings others rented.
    case lent
    /// Trades on either side.
    case traded
}
