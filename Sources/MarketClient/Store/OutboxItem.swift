import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A write made while the server could not be reached, kept in the ``LocalStore`` until it is
/// sent (``APIClient/sendWaiting()``): in the order made, each with the `Idempotency-Key` of its
/// first try, so one that did reach the server before the network went still happens once.
public struct OutboxItem: Sendable, Equatable, Identifiable {
    public let id: Int64
    /// The key sent with every try.
    public let idempotencyKey: String
    public let method: String
    /// The path and query under `/api/v1`.
    public let path: String
    let body: Data?
    let contentType: String?
    /// An edit's `If-Match`: the version it was made from.
    let ifMatch: String?
    /// What it is, for a screen or the `market outbox` list ("Message: When can I pick it up?").
    public let summary: String
    public let createdAt: Date
    /// The server's refusal (the listing was sold, the account suspended): a failed write is
    /// not sent again; the student drops it or does it over.
    public let failure: String?

    /// "Will send when online", or failed with the server's word.
    public var isFailed: Bool { failure != nil }

    /// What the write sent, as `type`: a refused edit's fields, kept as the student's draft
    /// (`ListingInput` for an edit of a listing that changed meanwhile).
    public func draft<Value: Decodable>(as type: Value.Type) -> Value? {
        body.flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
    }
}

extension LocalStore {
    /// Keeps `request`'s write for later, after the writes already waiting.
    func enqueue(_ request: URLRequest, key: String, path: String, summary: String, at now: Date = Date()) throws -> OutboxItem {
        let row = try database.rows("""
            INSERT INTO outbox (idempotency_key, method, path, body, content_type, if_match, summary, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING \(Self.outboxColumns)
            """, [.text(key), .text(request.httpMethod ?? "POST"), .text(path), request.httpBody.map(SQLiteValue.blob) ?? .null,
                  request.value(forHTTPHeaderField: "Content-Type").map(SQLiteValue.text) ?? .null,
                  request.value(forHTTPHeaderField: "If-Match").map(SQLiteValue.text) ?? .null,
                  .text(summary), .real(now.timeIntervalSince1970)])
        guard let item = row.first.flatMap(Self.outboxItem) else { throw SQLiteError(message: "the outbox kept nothing") }
        return item
    }

    /// Every write waiting or failed, oldest first.
    public var outbox: [OutboxItem] {
        ((try? database.rows("SELECT \(Self.outboxColumns) FROM outbox ORDER BY id")) ?? []).compactMap(Self.outboxItem)
    }

    /// The writes waiting or failed for `path` and the paths below it (what one screen wrote),
    /// oldest first.
    public func outbox(under path: String) -> [OutboxItem] {
        outbox.filter { $0.path.hasPrefix(path) }
    }

    /// Forgets a write: sent, or dropped by the student. False when there was none.
    @discardableResult
    public func dropFromOutbox(_ id: Int64) -> Bool {
        (try? database.rows("DELETE FROM outbox WHERE id = ? RETURNING id", [.integer(id)]).isEmpty == false) ?? false
    }

    func markFailed(_ id: Int64, because failure: String) {
        _ = try? database.rows("UPDATE outbox SET failure = ? WHERE id = ?", [.text(failure), .integer(id)])
    }

    private static let outboxColumns = "id, idempotency_key, method, path, body, content_type, if_match, summary, created_at, failure"

    private static func outboxItem(_ row: [SQLiteValue]) -> OutboxItem? {
        guard row.count == 10, let id = row[0].int, let key = row[1].string, let method = row[2].string, let path = row[3].string,
              let summary = row[7].string, let created = row[8].double else { return nil }
        return OutboxItem(id: id, idempotencyKey: key, method: method, path: path, body: row[4].data, contentType: row[5].string,
                          ifMatch: row[6].string, summary: summary, createdAt: Date(timeIntervalSince1970: created), failure: row[9].string)
    }
}
