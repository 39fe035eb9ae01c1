import Foundation

/// Where the next page starts: the result segment, the last key in it, and the moment the first
/// page was taken (so a feature that expires mid-paging does not move a listing between segments).
struct ListingCursor: Codable, Sendable, Equatable, ValidatedToken {
    var segment: Int
    var seq: Int64
    var price: Int64?
    var asOf: Date

    init(segment: Int, seq: Int64, price: Int64?, asOf: Date) {
        self.segment = segment
        self.seq = seq
        self.price = price
        self.asOf = asOf
    }

    var isValid: Bool { (0..<8).contains(segment) }

    var token: String { OpaqueToken.encode(self) }
}
