import Fluent
import Foundation
@testable import MarketServer
import SQLKit
import Testing

/// What a write transaction defers (`WriteTransaction.writeAtCommit`, `insertAtCommit`) has one
/// meaning on both databases: it is written at the transaction's end, so the body never reads it
/// back (before, SQLite ran a deferred write at once and PostgreSQL at the end, and a body that
/// read one back passed on SQLite only); it lands exactly when the transaction commits, and one
/// that breaks a constraint undoes the whole transaction.
@Suite("Writes left to the commit")
struct WritesAtCommitTests {
    /// A test app's database with an empty `items` table (its name unique), and its write transactions.
    private func withItems(_ body: @escaping @Sendable (any Database, WriteTransactions) async throws -> Void) async throws {
        try await withTestApp { app in
            try await app.db.sql.raw("CREATE TABLE items (name TEXT NOT NULL UNIQUE)").run()
            try await body(app.db, WriteTransactions(database: app.db, groupCommit: app.sqliteGroupCommit, committed: nil))
        }
    }

    private func names(on db: any Database) async throws -> [String] {
        try await db.sql.raw("SELECT name FROM items ORDER BY name").all().map { try $0.decode(column: "name", as: String.self) }
    }

    @Test("a deferred write is not read back inside its transaction, on either database; it lands with the commit")
    func landWithTheCommit() async throws {
        try await withItems { db, writes in
            let seenInside = try await writes.run { tx in
                try await tx.sql.raw("INSERT INTO items (name) VALUES ('now')").run()
                tx.writeAtCommit("INSERT INTO items (name) VALUES (\(bind: "at commit"))")
                return try await names(on: tx.db)
            }
            #expect(seenInside == ["now"])
            #expect(try await names(on: db) == ["at commit", "now"])
        }
    }

    @Test("the next transaction reads what the one before it deferred")
    func nextTransactionReadsIt() async throws {
        try await withItems { _, writes in
            try await writes.run { tx in tx.writeAtCommit("INSERT INTO items (name) VALUES (\(bind: "first"))") }
            let seen = try await writes.run { tx in try await names(on: tx.db) }
            #expect(seen == ["first"])
        }
    }

    @Test("one that breaks a constraint fails the transaction, and nothing it wrote stays")
    func brokenConstraintUndoesAll() async throws {
        try await withItems { db, writes in
            try await db.sql.raw("INSERT INTO items (name) VALUES ('taken')").run()
            await #expect(throws: (any Error).self) {
                try await writes.run { tx in
                    try await tx.sql.raw("INSERT INTO items (name) VALUES ('first')").run()
                    tx.writeAtCommit("INSERT INTO items (name) VALUES (\(bind: "second"))")
                    tx.writeAtCommit("INSERT INTO items (name) VALUES (\(bind: "taken"))")
                }
            }
            #expect(try await names(on: db) == ["taken"])
        }
    }

    @Test("rows inserted at the commit wait for it on both databases; a failed transaction's never land, those queued with it do")
    func rowsWaitForTheCommit() async throws {
        struct Refused: Error {}
        try await withItems { db, writes in
            let seenInside = try await writes.run { tx in
                tx.ending.add(insert: RowInsert(table: "items", columns: ["name"], values: "(\(bind: "first"))"))
                tx.ending.add(insert: RowInsert(table: "items", columns: ["name"], values: "(\(bind: "second"))"))
                return try await names(on: tx.db)
            }
            #expect(seenInside.isEmpty)
            #expect(try await names(on: db) == ["first", "second"])

            // Queued together, on SQLite they likely share a batch (and its one INSERT per table).
            async let kept: Void = writes.run { tx in tx.ending.add(insert: RowInsert(table: "items", columns: ["name"], values: "(\(bind: "kept"))")) }
            async let refused: Void = writes.run { tx in
                tx.ending.add(insert: RowInsert(table: "items", columns: ["name"], values: "(\(bind: "refused"))"))
                throw Refused()
            }
            try await kept
            let refusal: Result<Void, any Error>
            do { try await refused; refusal = .success(()) } catch { refusal = .failure(error) }
            #expect(throws: Refused.self) { try refusal.get() }
            #expect(try await names(on: db) == ["first", "kept", "second"])
        }
    }
}
