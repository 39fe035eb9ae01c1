import Foundation
import MarketCore
import NIOCore

/// A stored event as the stream sends it: its id, kind and JSON payload, for one user.
struct LiveEventRow: Sendable, Decodable, Equatable {
    var seq: Int64
    var userID: UUID
    var kind: String
    var payload: String

    enum CodingKeys: String, CodingKey {
        case seq, kind, payload
        case userID = "user_id"
    }

    /// The Server-Sent Events frame. The payload is one line of JSON (the encoder writes no
    /// newlines), so one `data:` line carries it.
    var frame: String { "id: \(seq)\nevent: \(kind)\ndata: \(payload)\n\n" }
}
