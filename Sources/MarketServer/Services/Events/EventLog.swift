import Fluent
import Foundation
import MarketCore
import SQLKit

/// Writes and reads the `live_events` table. Events are written inside the transaction whose
/// change they announce, so an event exists exactly when its cause was committed.
///
/// On PostgreSQL each event also sends `pg_notify` (delivered when the transaction commits;
/// the payload is the event's id and user, the event itself is read back from the table).
/// Before writing, a transaction takes a lock per recipient (held to its commit): two
/// transactions writing events for one person then commit in `seq` order, so a stream that
/// resumes after `seq` N can never miss an event numbered below N that committed later.
/// The events wait with the transaction's other end writes (`WriteTransaction`, `PendingWrites`)
/// and are written just before the commit, locks in one sorted order: a transaction then never waits on anything
/// while it holds them, so they cannot take part in a deadlock (a rental waiting on another's
/// overlapping row while that one waits for the owner's lock).
struct EventLog: Sendable {
    let channel: String

    /// Records one event for each of `users` (at most a handful: a message goes to both sides).
    func record(_ kind: LiveEventKind, _ payload: some Encodable, for users: [UUID], at now: Date, in tx: WriteTransaction) throws {
        let json = String(decoding: try JSONEncoder.api.encode(payload), as: UTF8.self)
        tx.ending.add(Set(users).map { PendingWrites.Row(userID: $0, kind: kind, payload: json, at: now) }, channel: channel)
    }

    /// Writes `rows` now: on PostgreSQL under their recipients' locks, with a notification each,
    /// in one statement that first makes `writes` (a transaction's end writes, `PendingWrites`).
    static func write(_ rows: [PendingWrites.Row], channel: String, after writes: [SQLQueryString] = [], on db: any Database) async throws {
        guard !rows.isEmpty || !writes.isEmpty else { return }
        guard db.isPostgres else {
            for write in writes { try await db.sql.raw(write).run() }
            guard !rows.isEmpty else { return }
            let values = rows.map { row -> SQLQueryString in
                "(\(bind: row.userID), \(bind: row.kind.rawValue), \(bind: row.payload), \(bind: row.at))"
            }.joined(separator: ", ")
            try await db.sql.raw("INSERT INTO live_events (user_id, kind, payload, created_at) VALUES \(values)").run()
            return
        }
        // The end writes run first: each returns a row, and the locks wait for their count, so
        // nothing can make this transaction wait once it holds a recipient's lock.
        let ends = writes.enumerated().map { "w\(unsafeRaw: String($0)) AS (\($1) RETURNING 1)" as SQLQueryString }
        let written: SQLQueryString = ends.isEmpty ? "0"
            : writes.indices.map { "(SELECT count(*) FROM w\(unsafeRaw: String($0)))" as SQLQueryString }.joined(separator: " + ")
        guard !rows.isEmpty else {
            try await db.prepared("WITH \(ends.joined(separator: ", ")) SELECT \(written) AS written").run()
            return
        }
        // The recipients' locks (taken in sorted order, so two transactions never wait for each
        // other's recipients in a cycle; PostgreSQL evaluates volatile functions after ORDER BY),
        // then the rows, then a notification for each.
        let users = Set(rows.map(\.userID)).map(\.wireString).sorted()
        let rowValues = rows.map { row -> SQLQueryString in
            "(\(bind: row.userID)::uuid, \(bind: row.kind.rawValue), \(bind: row.payload), \(bind: row.at)::timestamptz)"
        }.joined(separator: ", ")
        try await db.prepared("""
            WITH \(ends.map { "\($0), " as SQLQueryString }.joined(separator: ""))locks AS (
              SELECT \(TransactionLock.eventRecipient.sql(for: "u")) FROM unnest(ARRAY[\(binds: users)]::text[]) AS u
              WHERE \(written) >= 0 ORDER BY u
            ), e AS (
              INSERT INTO live_events (user_id, kind, payload, created_at)
              SELECT v.user_id, v.kind, v.payload, v.created_at FROM (VALUES \(rowValues)) AS v(user_id, kind, payload, created_at)
              WHERE (SELECT count(*) FROM locks) >= 0
              RETURNING seq, user_id
            )
            SELECT pg_notify(\(bind: channel), e.seq::text || ' ' || e.user_id::text) FROM e
            """).run()
    }

    /// A user's events after `seq`, oldest first.
    static func events(for userID: UUID, after seq: Int64, limit: Int = 1_000, on db: any Database) async throws -> [LiveEventRow] {
        try await db.sql.raw("""
            SELECT seq, user_id, kind, payload FROM live_events
            WHERE user_id = \(bind: userID) AND seq > \(bind: seq) ORDER BY seq LIMIT \(literal: limit)
            """).all(decoding: LiveEventRow.self)
    }

    /// Everyone's events after `seq`, oldest first (SQLite's hub, which sees commits in order).
    static func events(after seq: Int64, limit: Int, on db: any Database) async throws -> [LiveEventRow] {
        try await db.sql.raw("""
            SELECT seq, user_id, kind, payload FROM live_events WHERE seq > \(bind: seq) ORDER BY seq LIMIT \(literal: limit)
            """).all(decoding: LiveEventRow.self)
    }

    /// The events numbered `seqs` that are still kept, oldest first (`PendingEventReads`).
    static func events(_ seqs: [Int64], on db: any Database) async throws -> [LiveEventRow] {
        try await db.sql.raw("""
            SELECT seq, user_id, kind, payload FROM live_events WHERE seq = ANY(\(bind: seqs)) ORDER BY seq
            """).all(decoding: LiveEventRow.self)
    }

    /// The newest event id of a user (0 when none is kept): where a fresh stream starts.
    static func latestSeq(for userID: UUID?, on db: any Database) async throws -> Int64 {
        struct Latest: Decodable { var latest: Int64? }
        let filter: SQLQueryString = userID.map { "WHERE user_id = \(bind: $0)" } ?? ""
        return try await db.sql.raw("SELECT MAX(seq) AS latest FROM live_events \(filter)")
            .first(decoding: Latest.self)?.latest ?? 0
    }

    /// The oldest event id still kept: a client that resumes from before it may have missed some.
    static func oldestSeq(on db: any Database) async throws -> Int64? {
        struct Oldest: Decodable { var oldest: Int64? }
        return try await db.sql.raw("SELECT MIN(seq) AS oldest FROM live_events").first(decoding: Oldest.self)?.oldest
    }

    /// Forgets events older than the retention period.
    static func sweep(before cutoff: Date, on db: any Database) async throws {
        try await db.sql.raw("DELETE FROM live_events WHERE created_at < \(bind: cutoff)").run()
    }
}
