import Foundation
import MarketCore
import Observation

/// Reviewing the other party of a completed order: 1–5 stars and a few words.
@MainActor
@Observable
public final class ReviewViewModel: ScreenModel {
    public let orderID: UUID
    public var rating = 5
    public var text = ""
    public private(set) var posted: Review?
    /// The review, kept to post once the server can be reached (posted offline).
    public private(set) var waiting: OutboxItem?
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient, order: UUID) {
        self.client = client
        self.orderID = order
    }

    /// Whether an order shown to me can still be reviewed by me from its status alone (the
    /// server also checks the 30 days and that I did not review it yet).
    public static func mayReview(_ order: Order) -> Bool { order.status == .completed }

    @discardableResult
    public func post() async -> Bool {
        let request = ReviewRequest(rating: rating, text: text.isEmpty ? nil : text)
        guard checked(request.validated()) != nil else { return false }
        switch await perform({ try await client.sendOrKeep(TrustEndpoint.review(order: orderID, request), as: Review.self, summary: "Review: \(rating) of 5") }) {
        case .sent(let review)?: posted = review
        case .waiting(let item)?: waiting = item
        case nil: return false
        }
        return true
    }
}
