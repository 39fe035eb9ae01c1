import Foundation
import MarketCore
import Observation

/// Activity (Teebay's bought, sold, borrowed and lent lists, plus trades).
@MainActor
@Observable
public final class ActivityViewModel: PagedScreen {
    public var kind: ActivityKind = .bought
    public private(set) var orders = PagedList<Order>()
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load(more: Bool) async {
        await loadPage(into: \.orders, more: more, limit: 30) { [kind] page in try await client.send(OrderEndpoint.activity(kind, page)) as OrderPage }
    }
}
