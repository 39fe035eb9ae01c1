import Foundation

/// Body of `POST /api/v1/listings/{id}/purchase`. Enum fields arrive as strings so an unknown
/// value is a 422 naming the field.
public struct PurchaseRequest: Codable, Sendable, Equatable {
    public var fulfillment: String?
    public var quoteId: UUID?

    public init(fulfillment: String?, quoteId: UUID? = nil) {
        self.fulfillment = fulfillment
        self.quoteId = quoteId
    }
}

/// Body of `POST /api/v1/listings/{id}/rentals`: the period, `start` inclusive, `end` exclusive.
public struct RentalRequest: Codable, Sendable, Equatable {
    public var start: Date?
    public var end: Date?

    public init(start: Date?, end: Date?) {
        self.start = start
        self.end = end
    }
}

/// Body of `POST /api/v1/orders/{id}/complete`.
public struct CompleteOrderRequest: Codable, Sendable, Equatable {
    public var confirmationCode: String?

    public init(confirmationCode: String?) {
        self.confirmationCode = confirmationCode
    }
}

/// `GET /api/v1/listings/{id}/availability`: the periods live rentals hold.
public struct Availability: Codable, Sendable, Equatable {
    public var booked: [BookedPeriod]

    public init(booked: [BookedPeriod]) {
        self.booked = booked
    }
}

public struct BookedPeriod: Codable, Sendable, Equatable {
    public var start: Date
    public var end: Date

    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }
}
