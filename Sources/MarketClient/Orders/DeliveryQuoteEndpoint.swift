import Foundation
import MarketCore

/// `/api/v1/delivery/quotes`: a priced delivery a purchase may cite.
public enum DeliveryQuoteEndpoint: Endpoint {
    /// Answers a `DeliveryQuote` (201), valid until its `expiresAt`.
    case create(DeliveryQuoteRequest)

    public var method: String { "POST" }
    public var path: String { "delivery/quotes" }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .create(let request): request
        }
    }
}
