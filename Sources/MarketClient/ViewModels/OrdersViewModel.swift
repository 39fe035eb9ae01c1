import Foundation
import MarketCore
import Observation

/// My orders, as buyer, as seller or both, newest first.
@MainActor
@Observable
public final class OrdersViewModel: PagedScreen {
    /// nil: both sides.
    public var role: OrderRole?
    public var status: OrderStatus?
    public private(set) var orders = PagedList<Order>()
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient, role: OrderRole? = nil) {
        self.client = client
        self.role = role
    }

    public func load(more: Bool) async {
        await loadPage(into: \.orders, more: more, limit: 30) { [role, status] page in
            try await client.send(OrderEndpoint.list(OrderFilter(role: role, status: status, page: page))) as OrderPage
        }
    }
}
