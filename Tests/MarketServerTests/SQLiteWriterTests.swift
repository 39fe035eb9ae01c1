import Fluent
import Foundation
@testable import MarketServer
import SQLKit
import Testing

/// The write batches' own SQLite connection (`SQLiteWriter`): what it writes and reads must be
/// what the pooled connections write and read, statements it keeps prepared must follow the
/// schema, and SQLite's errors must mean to callers what they mean on the pooled connections.
@Suite("SQLite writer", .enabled(if: !TestDatabase.isPostgres))
struct SQLiteWriterTests {
    struct Values: Equatable {
        var int: Int, double: Double, text: String, data: Data, uuid: UUID, date: Date, flag: Bool, none: Int?
    }

    private static let columns = "i, d, t, b, u, at, flag, none"

    private func insert(_ values: Values, on db: any SQLDatabase) async throws {
        try await db.raw("""
            INSERT INTO kinds (\(unsafeRaw: Self.columns)) VALUES (\(bind: values.int), \(bind: values.double), \(bind: values.text),
            \(bind: values.data), \(bind: values.uuid), \(bind: values.date), \(bind: values.flag), \(bind: values.none))
            """).run()
    }

    private func read(on db: any SQLDatabase) async throws -> [Values] {
        try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM kinds ORDER BY i").all().map { row in
            Values(int: try row.decode(column: "i", as: Int.self), double: try row.decode(column: "d", as: Double.self),
                   text: try row.decode(column: "t", as: String.self), data: try row.decode(column: "b", as: Data.self),
                   uuid: try row.decode(column: "u", as: UUID.self), date: try row.decode(column: "at", as: Date.self),
                   flag: try row.decode(column: "flag", as: Bool.self), none: try row.decode(column: "none", as: Int?.self))
        }
    }

    @Test("a row written in a batch reads back the same on the pooled connections, and one written there the same in a batch")
    func sameValuesBothWays() async throws {
        try await withTestApp { app in
            let commits = try #require(app.sqliteGroupCommit)
            try await app.db.sql.raw("CREATE TABLE kinds (i INTEGER, d REAL, t TEXT, b BLOB, u BLOB, at REAL, flag INTEGER, none INTEGER)").run()
            let inBatch = Values(int: 1, double: 2.5, text: "naïve café ☕ \"quoted\"", data: Data([0, 1, 254, 255]), uuid: UUID(),
                                 date: Date(timeIntervalSince1970: 1_790_000_000.25), flag: true, none: nil)
            let onPool = Values(int: 2, double: -0.125, text: "", data: Data(), uuid: UUID(),
                                date: Date(timeIntervalSince1970: 0), flag: false, none: 7)
            try await commits.run { tx, _ in try await insert(inBatch, on: tx.sql) }
            try await insert(onPool, on: app.db.sql)
            #expect(try await read(on: app.db.sql) == [inBatch, onPool])
            #expect(try await commits.run { tx, _ in try await read(on: tx.sql) } == [inBatch, onPool])
        }
    }

    @Test("a statement kept prepared from one batch to the next follows a column added between them")
    func preparedStatementFollowsTheSchema() async throws {
        try await withTestApp { app in
            let commits = try #require(app.sqliteGroupCommit)
            try await app.db.sql.raw("CREATE TABLE notes (body TEXT)").run()
            try await app.db.sql.raw("INSERT INTO notes VALUES ('first')").run()
            let select = { @Sendable (tx: any Database, _: PendingWrites) async throws -> [String] in
                try await tx.sql.raw("SELECT * FROM notes").all().flatMap(\.allColumns)
            }
            #expect(try await commits.run(select) == ["body"])
            try await app.db.sql.raw("ALTER TABLE notes ADD COLUMN author TEXT").run()
            #expect(try await commits.run(select) == ["body", "author"])
        }
    }

    @Test("a broken unique index in a batch is a conflict, as on the pooled connections, and the batch writes nothing")
    func constraintIsAConflict() async throws {
        try await withTestApp { app in
            let commits = try #require(app.sqliteGroupCommit)
            try await app.db.sql.raw("CREATE TABLE seats (n INTEGER UNIQUE)").run()
            try await app.db.sql.raw("INSERT INTO seats VALUES (1)").run()
            let error = await #expect(throws: (any Error).self) {
                try await commits.run { tx, _ in
                    try await tx.sql.raw("INSERT INTO seats VALUES (2)").run()
                    try await tx.sql.raw("INSERT INTO seats VALUES (1)").run()
                }
            }
            #expect(error.map(DatabaseConflict.isConflict) == true)
            let seats = try await app.db.sql.raw("SELECT n FROM seats").all().map { try $0.decode(column: "n", as: Int.self) }
            #expect(seats == [1])
        }
    }

    @Test("Fluent's eager loading, which reads in a task of its own, works inside a batch")
    func eagerLoadingInBatch() async throws {
        try await withTestApp { app in
            _ = try await app.deal()
            let commits = try #require(app.sqliteGroupCommit)
            let sellers = try await commits.run { tx, _ in
                try await ListingRecord.query(on: tx).with(\.$seller).all().map(\.seller.name)
            }
            #expect(sellers == ["Sam Seller"])
        }
    }
}

/// The connections that answer requests' reads on SQLite (`SQLiteReaders`).
@Suite("SQLite readers")
struct SQLiteReadersTests {
    @Test("a reader reads what was committed and refuses to write")
    func readsOnly() async throws {
        try await withTestApp { app in
            guard let readers = app.sqliteReaders else { return }  // PostgreSQL: none
            let deal = try await app.deal()
            let reader = readers.database(context: app.db.context)
            let rows = try await reader.sql.raw("SELECT title FROM listings WHERE id = \(bind: deal.listing.id)").all()
            #expect(try rows.first?.decode(column: "title", as: String.self) == deal.listing.title)
            await #expect(throws: (any Error).self) {
                try await reader.sql.raw("UPDATE listings SET title = 'x' WHERE id = \(bind: deal.listing.id)").run()
            }
            #expect(try await app.listing(deal.listing.id).title == deal.listing.title)
        }
    }

    @Test("a UUID is read from its text in either case, and anything else is refused")
    func uuidText() {
        for _ in 0..<100 {
            let id = UUID()
            #expect(UUID(hyphenated: id.uuidString) == id)
            #expect(UUID(hyphenated: id.uuidString.lowercased()) == id)
        }
        for bad in ["", "35E87EB3-FBDB-43C6-8EAD-5FD4D09D7C6", "35E87EB3-FBDB-43C6-8EAD-5FD4D09D7C6G", "35E87EB3FFBDB-43C6-8EAD-5FD4D09D7C60",
                    "35E87EB3-FBDB-43C6-8EAD-5FD4D09D7C600"] {
            #expect(UUID(hyphenated: bad) == nil, "\(bad)")
        }
    }
}

/// A kept statement is prepared once per connection (`DirectSQLiteConnection`).
@Suite("Direct SQLite statements")
struct DirectSQLiteStatementTests {
    @Test("a statement SQLite plans with a look at a bound value is not prepared again when run again")
    func keptPrepared() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("direct-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let setup = try DirectSQLiteConnection(path: path, create: true)
        _ = try setup.run("CREATE TABLE reviews (id TEXT PRIMARY KEY, seq INTEGER, subject_id TEXT)", binds: [])
        _ = try setup.run("CREATE INDEX ix_reviews_subject ON reviews (subject_id, seq)", binds: [])
        _ = try setup.run("INSERT INTO reviews VALUES ('a', 1, 'x'), ('b', 2, 'y'), ('c', 3, 'x')", binds: [])
        setup.close()
        let connection = try DirectSQLiteConnection(path: path, readsOnly: true)
        defer { connection.close() }
        // The shape of a seller's latest review: clearing its bindings after a run expired it.
        let sql = "SELECT id FROM reviews WHERE subject_id = ?1 ORDER BY seq DESC LIMIT 2"
        for (subject, ids) in [("x", ["c", "a"]), ("y", ["b"]), ("x", ["c", "a"]), ("z", [])] {
            let rows = try connection.run(sql, binds: [.text(subject)])
            #expect(try rows.map { try $0.decode(column: "id", as: String.self) } == ids)
        }
        #expect(connection.timesPreparedAgain(sql) == 0)
    }
}
