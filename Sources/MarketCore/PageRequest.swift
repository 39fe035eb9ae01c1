/// Which page of a list to fetch: at most `limit` items (the server's default when nil),
/// after `cursor` (a previous page's `nextCursor`).
public struct PageRequest: Sendable, Equatable {
    public var limit: Int?
    public var cursor: String?

    public init(limit: Int? = nil, cursor: String? = nil) {
        self.limit = limit
        self.cursor = cursor
    }

    public static let first = PageRequest()
    /// The most items a page holds.
    public static let maxLimit = 100
}
