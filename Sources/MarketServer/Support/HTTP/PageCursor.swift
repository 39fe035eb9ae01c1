import Foundation
import SQLKit

/// Where the next page of a newest-first list starts: the last row's `seq`, and for lists
/// ordered by a date first (ledger, expenses, the inbox), that row's date.
struct PageCursor: Codable, Sendable, Equatable, ValidatedToken {
    var seq: Int64
    var at: Date?

    var token: String { OpaqueToken.encode(self) }

    /// The rows after this cursor in a list ordered by `time` then `seq`, both descending.
    /// The cursor's row is compared with its own stored time, read again in SQL: a time read
    /// into a `Date` and bound back came back an ulp off on SQLite (a REAL of seconds since 1970,
    /// held as seconds since 2001) and a page then repeated a row (`PagingRoundTripTests`). The
    /// time carried in the cursor stands in when its row is gone (a deleted expense).
    func rowsAfter(table: String, alias: String? = nil, time: String) -> SQLQueryString {
        let prefix = alias.map { $0 + "." } ?? ""
        let anchor: SQLQueryString = "COALESCE((SELECT anchor.\(unsafeRaw: time) FROM \(ident: table) anchor WHERE anchor.seq = \(bind: seq)), \(bind: at ?? .distantFuture))"
        return "(\(unsafeRaw: prefix + time) < \(anchor) OR (\(unsafeRaw: prefix + time) = \(anchor) AND \(unsafeRaw: prefix)seq < \(bind: seq)))"
    }
}
