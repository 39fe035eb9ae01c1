import Fluent
import Foundation
import MarketCore
import SQLKit

/// `GET /me/changes`: what changed for an account since a cursor, oldest first, read from the
/// rows themselves (their times) and from `removals` for what left.
///
/// A page always ends between two times, never inside one, so a cursor (the last time given)
/// loses nothing that shares it. Changes are given at least once, not exactly once: the last
/// page's cursor stays `lag` behind now, since a transaction may commit a little after the
/// time it wrote, and what came in that minute is given again next time.
struct AccountChanges {
    let sql: any SQLDatabase
    let now: Date

    static let lag: TimeInterval = 60
    /// More rows than a page may share one time (a request's notifications do): read past them.
    static let slack = 50

    func page(for userID: UUID, since cursor: ChangeCursor?, limit: Int) async throws -> AccountChangePage {
        guard let cursor else {
            return AccountChangePage(changes: [], cursor: ChangeCursor(now.addingTimeInterval(-Self.lag)).token, more: false)
        }
        let since = cursor.date
        guard since >= now.addingTimeInterval(-Removals.retention) else { throw APIError.changesStartOver }
        let rowLimit = limit + Self.slack
        var candidates: [AccountChange] = []
        var horizon = Date.distantFuture  // past this, a source that filled its limit may have more
        for source in ChangeSource.all {
            let rows = try await source.rows(for: userID, after: since, limit: rowLimit, on: sql)
            if rows.count == rowLimit, let last = rows.last { horizon = min(horizon, last.changedAt) }
            candidates += rows.filter { $0.changedAt > since }
        }
        candidates = candidates.filter { $0.changedAt < horizon }.sorted(by: Self.order)
        let more = horizon < .distantFuture || candidates.count > limit
        var given = candidates
        if candidates.count > limit {
            // End between two times: all of the first time not given waits for the next page,
            // unless the page would then be empty (then that whole time goes now).
            let next = candidates[limit].changedAt
            given = candidates.filter { $0.changedAt < next }
            if given.isEmpty { given = candidates.filter { $0.changedAt <= next } }
        }
        guard !(more && given.isEmpty) else { throw APIError.changesStartOver }
        let end = more ? given.last!.changedAt : max(since, now.addingTimeInterval(-Self.lag))
        return AccountChangePage(changes: given, cursor: ChangeCursor(end).token, more: more)
    }

    private static func order(_ a: AccountChange, _ b: AccountChange) -> Bool {
        (a.changedAt, a.kind.rawValue, a.id.uuidString) < (b.changedAt, b.kind.rawValue, b.id.uuidString)
    }
}
