import Foundation
import SQLKit
import Vapor

/// Gauges read when `/metrics` is scraped, for this instance: its database connections (on
/// PostgreSQL, busy and idle as the server sees them; on SQLite, writes queued for the one
/// writer), open event streams, and the mail queue's depth, its oldest waiting mail's age and the
/// mails given up on. (Request counters, latencies and photo-store errors come from the
/// process-wide Prometheus registry.)
enum LiveGauges {
    static func exposition(_ app: Application, now: Date) async throws -> String {
        let queue = try await app.db.sql.raw("""
            SELECT COUNT(*) AS waiting, MIN(created_at) AS oldest FROM mail_outbox WHERE failed_at IS NULL
            """).first()
        let waiting = try queue?.decode(column: "waiting", as: Int.self) ?? 0
        let oldest = try queue?.decode(column: "oldest", as: Date?.self)
        let failed = try await app.db.sql.raw("SELECT COUNT(*) AS failed FROM mail_outbox WHERE failed_at IS NOT NULL").first()?
            .decode(column: "failed", as: Int.self) ?? 0
        let connections = try await database(app)
        return (connections + [
            gauge("campusmarket_event_streams_open", "Event streams open on this instance.", app.eventHub.subscribers.count),
            gauge("campusmarket_mail_queue_waiting", "Mails waiting to be sent (or retried).", waiting),
            gauge("campusmarket_mail_queue_oldest_seconds", "Age of the oldest mail waiting, 0 when none waits.",
                  Int(oldest.map { max(0, now.timeIntervalSince($0)) } ?? 0)),
            gauge("campusmarket_mail_failed", "Mails given up on after every retry.", failed),
        ]).joined()
    }

    private static func database(_ app: Application) async throws -> [String] {
        if let writes = app.sqliteGroupCommit {
            return [gauge("campusmarket_db_writes_waiting", "Write transactions queued for SQLite's one writer.", writes.waiting)]
        }
        guard case .postgres = app.settings.database else { return [] }
        // Busy: running a statement, or holding a transaction open between statements.
        let row = try await app.db.sql.raw("""
            SELECT COUNT(*) FILTER (WHERE state <> 'idle') AS busy, COUNT(*) FILTER (WHERE state = 'idle') AS idle
            FROM pg_stat_activity WHERE application_name = \(bind: DatabaseSetup.instanceName)
            """).first()
        return [
            gauge("campusmarket_db_connections_busy", "This instance's PostgreSQL connections running a statement or transaction (this scrape's among them).",
                  try row?.decode(column: "busy", as: Int.self) ?? 0),
            gauge("campusmarket_db_connections_idle", "This instance's PostgreSQL connections open and free.", try row?.decode(column: "idle", as: Int.self) ?? 0),
        ]
    }

    private static func gauge(_ name: String, _ help: String, _ value: Int) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(value)\n"
    }
}
