import Foundation

/// `GET /api/v1/ledger`: a page of entries, newest first, and totals over the whole ledger.
public struct Ledger: Codable, Sendable, Equatable {
    public var entries: [LedgerEntry]
    public var nextCursor: String?
    public var totals: [LedgerTotal]
    public var byMonth: [LedgerTotal]
    public var byCategory: [LedgerTotal]

    public init(entries: [LedgerEntry], nextCursor: String?, totals: [LedgerTotal], byMonth: [LedgerTotal], byCategory: [LedgerTotal]) {
        self.entries = entries
        self.nextCursor = nextCursor
        self.totals = totals
        self.byMonth = byMonth
        self.byCategory = byCategory
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(totals, forKey: .totals)
        try container.encode(byMonth, forKey: .byMonth)
        try container.encode(byCategory, forKey: .byCategory)
    }
}
