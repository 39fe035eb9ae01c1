import Foundation

/// Where the next page of a newest-first list keyed by time and id starts (reviews, the audit
/// log): the last row's time and id.
struct DatedCursor: Codable, Sendable, ValidatedToken {
    var date: Date
    var id: UUID
    var encoded: String { OpaqueToken.encode(self) }
}
