import Foundation
import MarketCore
import Observation

/// A person's reviews, page by page, with their rating in short.
@MainActor
@Observable
public final class ReviewsViewModel: PagedScreen {
    public let userID: UUID
    public private(set) var reviews = PagedList<Review>()
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient, user: UUID) {
        self.client = client
        self.userID = user
    }

    public func load(more: Bool) async {
        await loadPage(into: \.reviews, more: more, limit: 20) { page in
            try await client.send(TrustEndpoint.reviews(user: userID, page)) as Page<Review>
        }
    }
}
