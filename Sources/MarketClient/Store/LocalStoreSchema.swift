import Foundation

/// The tables of a ``LocalStore``, one step per version of the SDK that changed them. A store
/// file says which steps it has (`PRAGMA user_version`); opening it runs the rest, each in one
/// transaction. Add a step, never edit one: stores written by earlier versions are on phones.
enum LocalStoreSchema {
    static let steps: [String] = [
        // 1: the answers to the GETs a screen made.
        """
        CREATE TABLE answers (
            key TEXT PRIMARY KEY,      -- the request's path and query under /api/v1
            body BLOB NOT NULL,        -- the server's JSON
            tag TEXT,                  -- its ETag, sent back as If-None-Match
            fetched_at REAL NOT NULL,  -- when the server last gave or confirmed it
            seen_at REAL NOT NULL,     -- when a screen last read it: the least recent goes first
            kept INTEGER NOT NULL      -- 1: the student's own orders and conversations, never evicted
        );
        CREATE INDEX answers_eviction ON answers (kept, seen_at);
        """,
        // 2: the writes made offline, waiting for the network (``OutboxItem``); and marks, such as
        // the last live event handled, where the stream resumes after the app was away.
        """
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- the order they are sent in
            idempotency_key TEXT NOT NULL UNIQUE,  -- the key of the first try, sent with every retry
            method TEXT NOT NULL,
            path TEXT NOT NULL,                    -- path and query under /api/v1
            body BLOB,
            content_type TEXT,
            if_match TEXT,                         -- an edit's version: refused 412 if it changed meanwhile
            summary TEXT NOT NULL,                 -- what a screen shows ("Message: When can I…")
            created_at REAL NOT NULL,
            failure TEXT                           -- the server's refusal: failed, not sent again
        );
        CREATE TABLE marks (
            name TEXT PRIMARY KEY,
            value INTEGER NOT NULL
        );
        """,
    ]

    static var version: Int { steps.count }

    /// Brings `database` to ``version``. A file written by a newer SDK (after an app was moved
    /// back to an older one) is refused: the caller starts a new store.
    static func migrate(_ database: SQLiteFile) throws {
        let current = Int(try database.rows("PRAGMA user_version").first?.first?.int ?? 0)
        guard current <= version else {
            throw SQLiteError(message: "\(database.path) was written by a newer version (\(current) > \(version))")
        }
        for (index, step) in steps.enumerated().dropFirst(current) {
            do {
                try database.execute("BEGIN IMMEDIATE; \(step); PRAGMA user_version = \(index + 1); COMMIT;")
            } catch {
                try? database.execute("ROLLBACK")
                throw error
            }
        }
    }
}
