import Foundation

/// Where the next page starts: the result segment, the last key in it, and the moment the first
/// page was taken (so a feature that expires mid-paging does not move a listing between segments).
struct ListingCursor: Codable, Sendable, Equatable {
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

    init?(token: String) {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard token.count <= 300, let data = Data(base64Encoded: base64),
              let cursor = try? JSONDecoder().decode(ListingCursor.self, from: data),
              (0..<8).contains(cursor.segment) else { return nil }
        self = cursor
    }

    var token: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
