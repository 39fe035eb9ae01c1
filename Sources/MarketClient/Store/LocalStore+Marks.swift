import Foundation

extension LocalStore {
    /// The id of the last live event the app handled: the next stream, after a relaunch or
    /// days away, asks for what came after it (`Last-Event-ID`), so nothing in between is
    /// missed; one older than the server keeps is answered `resync`.
    public var lastEventID: Int64? {
        get { (try? database.rows("SELECT value FROM marks WHERE name = 'last_event_id'"))?.first?.first?.int }
        set {
            guard let newValue else { return }
            // Never backwards: two streams of one account may note out of order.
            _ = try? database.rows("""
                INSERT INTO marks (name, value) VALUES ('last_event_id', ?)
                ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)
                """, [.integer(newValue)])
        }
    }

    /// Where ``APIClient/catchUp()`` asks `GET /me/changes` from next (the server's cursor).
    public var changesCursor: String? {
        get { (try? database.rows("SELECT value FROM marks WHERE name = 'changes_cursor'"))?.first?.first?.string }
        set {
            if let newValue {
                _ = try? database.rows("""
                    INSERT INTO marks (name, value) VALUES ('changes_cursor', ?)
                    ON CONFLICT (name) DO UPDATE SET value = excluded.value
                    """, [.text(newValue)])
            } else {
                _ = try? database.rows("DELETE FROM marks WHERE name = 'changes_cursor'", [])
            }
        }
    }

    /// The ids the server gave writes sent from the outbox, by their keys (``OutboxItem/idempotencyKey``).
    var madeIDs: [String: String] {
        var made: [String: String] = [:]
        for row in (try? database.rows("SELECT name, value FROM marks WHERE name LIKE 'made:%'", [])) ?? [] {
            if let name = row.first?.string, let id = row.last?.string { made[String(name.dropFirst(5))] = id }
        }
        return made
    }

    func noteMade(_ id: String, by key: String) {
        _ = try? database.rows("INSERT OR REPLACE INTO marks (name, value) VALUES (?, ?)", [.text("made:" + key), .text(id)])
    }

    /// Forgets the ids noted for writes that are no longer waiting behind anything.
    func forgetMade() {
        _ = try? database.rows("DELETE FROM marks WHERE name LIKE 'made:%'", [])
    }
}
