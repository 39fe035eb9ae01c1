import Foundation
import MarketCore
import Observation

/// The personal ledger (Expense Tracker's view of money in and out): every purchase, rental,
/// sale and hand-typed expense, with totals by currency, month and category.
@MainActor
@Observable
public final class LedgerViewModel: PagedScreen {
    public private(set) var entries = PagedList<LedgerEntry>()
    public private(set) var totals: [LedgerTotal] = []
    public private(set) var byMonth: [LedgerTotal] = []
    public private(set) var byCategory: [LedgerTotal] = []
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load(more: Bool) async {
        guard let ledger = await loadPage(into: \.entries, more: more, limit: 50, { try await client.send(MoneyEndpoint.ledger($0)) as Ledger }),
              !more else { return }
        // The sums are over the whole ledger: the first page's are current.
        totals = ledger.totals
        byMonth = ledger.byMonth
        byCategory = ledger.byCategory
    }
}
