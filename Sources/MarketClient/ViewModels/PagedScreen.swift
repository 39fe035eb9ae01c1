import Foundation
import MarketCore

/// A page of any list the server answers with: its items and the cursor of the next page.
public protocol PageOfItems: Sendable {
    associatedtype Item: Sendable & Identifiable
    var items: [Item] { get }
    var nextCursor: String? { get }
}

extension Page: PageOfItems where Item: Identifiable {}
extension UnreadPage: PageOfItems where Item: Identifiable {}
extension ExpensePage: PageOfItems {}
extension Ledger: PageOfItems {
    public var items: [LedgerEntry] { entries }
}

/// A screen that shows one list page by page: pull-to-refresh and load-more as the last row
/// appears are the same on every such screen, so they are written once here. A screen says how
/// to fetch a page (`load(more:)`, through `loadPage`).
@MainActor
public protocol PagedScreen: ReadingScreen {
    /// Fetches the first page (`more` false: it replaces the list) or the next one (appended).
    func load(more: Bool) async
}

extension PagedScreen {
    /// Loads the first page again: the first appearance and pull-to-refresh.
    public func refresh() async { await load(more: false) }

    /// Loads the next page, if there is one and nothing is loading; call it as the last row appears.
    public func loadMore() async { await load(more: true) }
}

extension ReadingScreen {
    /// Fetches a page into `list`: the first (`more` false) replaces what is shown, the device's
    /// kept copy first, then the server's (``read(_:show:)``); a later one is appended. Does
    /// nothing for `more` when no page is left or a call is running. Returns the page, for what
    /// else it carries (an unread total, the ledger's sums), or nil when nothing was fetched or
    /// the call failed (its error shown).
    @discardableResult
    func loadPage<P: PageOfItems>(into list: ReferenceWritableKeyPath<Self, PagedList<P.Item>>, more: Bool, limit: Int,
                                  _ fetch: (PageRequest) async throws -> P) async -> P? {
        guard more else {
            return await read({ try await fetch(PageRequest(limit: limit)) }) { page in
                self[keyPath: list].replace(with: page.items, nextCursor: page.nextCursor)
            }
        }
        guard let cursor = self[keyPath: list].nextCursor, !isLoading,
              let page = await perform({ try await fetch(PageRequest(limit: limit, cursor: cursor)) }) else { return nil }
        self[keyPath: list].append(page.items, nextCursor: page.nextCursor)
        return page
    }
}
