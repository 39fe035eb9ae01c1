import Foundation

/// Where the next page of a newest-first list starts: the last row's `seq`, and for lists
/// ordered by a date first (ledger, expenses), that row's date.
struct PageCursor: Codable, Sendable, Equatable, ValidatedToken {
    var seq: Int64
    var at: Date?

    var token: String { OpaqueToken.encode(self) }
}
