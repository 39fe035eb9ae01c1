import Foundation

/// A GET's answer as the ``LocalStore`` keeps it.
struct StoredAnswer: Sendable, Equatable {
    var body: Data
    /// The `ETag` it came with, to ask `If-None-Match` next time.
    var tag: String?
    /// When the server last gave or confirmed it: what a screen shows as "last synced".
    var fetchedAt: Date

    /// The student's own orders and conversations are never evicted: they are what a student
    /// needs at a meetup with no signal.
    static func isKept(_ key: String) -> Bool {
        key.hasPrefix("orders") || key.hasPrefix("conversations")
    }
}

extension LocalStore {
    /// The kept answer for `key` (a path and query under `/api/v1`), marked as seen `now`.
    func answer(for key: String, seenAt now: Date = Date()) -> StoredAnswer? {
        guard let row = try? database.rows("UPDATE answers SET seen_at = ? WHERE key = ? RETURNING body, tag, fetched_at",
                                           [.real(now.timeIntervalSince1970), .text(key)]).first,
              let body = row[0].data, let fetched = row[2].double else { return nil }
        return StoredAnswer(body: body, tag: row[1].string, fetchedAt: Date(timeIntervalSince1970: fetched))
    }

    /// Keeps `answer` for `key`, then evicts past ``sizeLimit``. A store that cannot write (a
    /// full disk) costs the screen nothing: the answer was shown.
    func keep(_ answer: StoredAnswer, for key: String, seenAt now: Date = Date()) {
        _ = try? database.rows("""
            INSERT INTO answers (key, body, tag, fetched_at, seen_at, kept) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET body = excluded.body, tag = excluded.tag,
                fetched_at = excluded.fetched_at, seen_at = excluded.seen_at
            """, [.text(key), .blob(answer.body), answer.tag.map(SQLiteValue.text) ?? .null,
                  .real(answer.fetchedAt.timeIntervalSince1970), .real(now.timeIntervalSince1970),
                  .integer(StoredAnswer.isKept(key) ? 1 : 0)])
        evict()
    }

    /// Notes that the server confirmed `key`'s answer (`304 Not Modified`) at `now`.
    func confirm(_ key: String, at now: Date = Date()) {
        _ = try? database.rows("UPDATE answers SET fetched_at = ?, seen_at = ? WHERE key = ?",
                               [.real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970), .text(key)])
    }

    /// Deletes the answers seen least recently, the kept ones aside, until the rest fit in
    /// ``sizeLimit``: one statement, a running total from the most recently seen.
    func evict() {
        _ = try? database.rows("""
            DELETE FROM answers WHERE key IN (
                SELECT key FROM (
                    SELECT key, SUM(length(body)) OVER (ORDER BY seen_at DESC, key) AS running
                    FROM answers WHERE kept = 0)
                WHERE running > ?)
            """, [.integer(Int64(sizeLimit))])
    }

    /// The ids beginning with `digits` (up to its first hyphen) of the things kept in answers
    /// under `folder` (`listings`, `orders`): what a short id typed offline can name. Each
    /// thing's own id is its `"id"` field.
    public func keptIDs(beginning digits: String, under folder: String) -> [UUID] {
        let needle = "\"id\":\"" + String(digits.lowercased().prefix(8))
        let rows = (try? database.rows("SELECT body FROM answers WHERE key LIKE ? AND instr(body, CAST(? AS BLOB)) > 0",
                                       [.text(folder + "%"), .text(needle)])) ?? []
        var found: Set<UUID> = []
        for body in rows.compactMap({ $0.first?.data }) {
            let text = String(decoding: body, as: UTF8.self)
            var rest = text[...]
            while let range = rest.range(of: needle) {
                let start = text.index(range.lowerBound, offsetBy: 6)
                if let end = text.index(start, offsetBy: 36, limitedBy: text.endIndex), let id = UUID(uuidString: String(text[start..<end])) {
                    found.insert(id)
                }
                rest = text[range.upperBound...]
            }
        }
        return found.sorted { $0.uuidString < $1.uuidString }
    }

    /// The keys of kept answers that contain any of `parts`; every key for nil.
    func keptKeys(containing parts: Set<String>?) -> [String] {
        let keys = ((try? database.rows("SELECT key FROM answers ORDER BY key", [])) ?? []).compactMap { $0.first?.string }
        guard let parts else { return keys }
        return keys.filter { key in parts.contains { key.contains($0) } }
    }

    /// Forgets the kept answer for `key` (what it showed is gone from the server).
    func forget(_ key: String) {
        _ = try? database.rows("DELETE FROM answers WHERE key = ?", [.text(key)])
    }

    /// The bytes of answers kept, and how many (for tests and a settings screen).
    public var usage: (answers: Int, bytes: Int) {
        let row = (try? database.rows("SELECT count(*), coalesce(sum(length(body)), 0) FROM answers").first) ?? []
        return (Int(row.first?.int ?? 0), Int(row.last?.int ?? 0))
    }
}
