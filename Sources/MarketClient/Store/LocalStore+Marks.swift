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
}
