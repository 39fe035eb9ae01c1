import Foundation
import MarketCore
import SQLKit

/// One kind of row `AccountChanges` reads: the account's rows of it changed after a time, oldest
/// first. `after` is read a little early (`margin`): a time bound into SQL may come back an ulp
/// off, and `AccountChanges` drops what it already gave.
struct ChangeSource: Sendable {
    /// nil: the row's `kind` column says (removals).
    let kind: AccountChange.Kind?
    let removed: Bool
    /// Selects `id`, `at` (the change's time) and, where they apply, `parent` and `version`.
    let select: @Sendable (_ user: UUID, _ after: Date) -> SQLQueryString

    static let margin: TimeInterval = 0.000_01

    func rows(for user: UUID, after since: Date, limit: Int, on sql: any SQLDatabase) async throws -> [AccountChange] {
        let query: SQLQueryString = "\(select(user, since.addingTimeInterval(-Self.margin))) ORDER BY at LIMIT \(bind: limit)"
        return try await sql.raw(query).all().map { row in
            AccountChange(kind: try kind ?? AccountChange.Kind(rawValue: row.decode(column: "kind", as: String.self)) ?? .unknown,
                          id: try row.decode(column: "id", as: UUID.self),
                          parentId: try? row.decode(column: "parent", as: UUID?.self),
                          version: try? row.decode(column: "version", as: Int64?.self),
                          changedAt: try row.decode(column: "at", as: Date.self), removed: removed)
        }
    }

    static let all: [ChangeSource] = [
        ChangeSource(kind: .order, removed: false) { user, after in """
            SELECT id, updated_at AS at FROM orders
            WHERE (buyer_id = \(bind: user) OR seller_id = \(bind: user)) AND updated_at > \(bind: after)
            """ },
        ChangeSource(kind: .message, removed: false) { user, after in """
            SELECT m.id AS id, m.conversation_id AS parent, m.created_at AS at FROM messages m
            JOIN conversations c ON c.id = m.conversation_id
            WHERE (c.buyer_id = \(bind: user) OR c.seller_id = \(bind: user)) AND m.created_at > \(bind: after)
            """ },
        // Read on another device is a change too: its time is when it was read.
        ChangeSource(kind: .notification, removed: false) { user, after in """
            SELECT id, COALESCE(read_at, created_at) AS at FROM notifications
            WHERE user_id = \(bind: user) AND COALESCE(read_at, created_at) > \(bind: after)
            """ },
        ChangeSource(kind: .listing, removed: false) { user, after in """
            SELECT id, version, updated_at AS at FROM listings WHERE seller_id = \(bind: user) AND updated_at > \(bind: after)
            """ },
        ChangeSource(kind: .favorite, removed: false) { user, after in """
            SELECT listing_id AS id, created_at AS at FROM favorites
            WHERE user_id = \(bind: user) AND listing_id IS NOT NULL AND created_at > \(bind: after)
            """ },
        ChangeSource(kind: nil, removed: true) { user, after in """
            SELECT subject_id AS id, kind, removed_at AS at FROM removals WHERE user_id = \(bind: user) AND removed_at > \(bind: after)
            """ },
    ]
}
