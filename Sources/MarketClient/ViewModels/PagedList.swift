import Foundation
import MarketCore

/// A list that grows page by page through the server's cursors.
public struct PagedList<Item: Sendable & Identifiable>: Sendable {
    public private(set) var items: [Item] = []
    public private(set) var nextCursor: String?
    /// Whether at least one page has arrived (an empty list then means "none", not "not yet").
    public private(set) var isLoaded = false

    public init() {}

    public var hasMore: Bool { nextCursor != nil }

    /// Starts again from `items` (a refresh, a new search).
    public mutating func replace(with items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
        isLoaded = true
    }

    /// Adds the next page, skipping anything already shown (a row that moved between pages).
    public mutating func append(_ page: [Item], nextCursor: String?) {
        let known = Set(items.map(\.id))
        items += page.filter { !known.contains($0.id) }
        self.nextCursor = nextCursor
    }

    mutating func remove(id: Item.ID) { items.removeAll { $0.id == id } }

    mutating func update(_ item: Item) {
        if let index = items.firstIndex(where: { $0.id == item.id }) { items[index] = item }
    }

    mutating func prepend(_ item: Item) { items.insert(item, at: 0) }
}
