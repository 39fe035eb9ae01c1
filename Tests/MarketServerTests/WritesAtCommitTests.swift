import Fluent
import Foundation
@testable import MarketServer
import SQLKit
import Testing

/// Writes nothing in a transaction reads back (`Database.writeAtCommit`): on PostgreSQL they go
/// with the transaction's last statement, on SQLite at once. Rows nothing reads back before the
/// commit (`Database.insertAtCommit`) wait for the end on both: on SQLite, for the end of the
/// `GroupCommit` batch. Either way they land exactly when the transaction commits, and one that
/// breaks a constraint undoes the whole transaction.
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

    @Test("they land with the commit; on PostgreSQL not before the transaction's last statement")
    func landWithTheCommit() async throws {
        try await withItems { db, writes in
            let seenInside = try await writes.run { tx in
                try await tx.sql.raw("INSERT INTO items (name) VALUES ('now')").run()
                try await tx.writeAtCommit("INSERT INTO items (name) VALUES (\(bind: "at commit"))")
                return try await names(on: tx)
            }
            #expect(seenInside == (TestDatabase.isPostgres ? ["now"] : ["at commit", "now"]))
            #expect(try await names(on: db) == ["at commit", "now"])
        }
    }

    @Test("one that breaks a constraint fails the transaction, and nothing it wrote stays")
    func brokenConstraintUndoesAll() async throws {
        try await withItems { db, writes in
            try await db.sql.raw("INSERT INTO items (name) VALUES ('taken')").run()
            await #expect(throws: (any Error).self) {
                try await writes.run { tx in
                    try await tx.sql.raw("INSERT INTO items (name) VALUES ('first')").run()
                    try await tx.writeAtCommit("INSERT INTO items (name) VALUES (\(bind: "second"))")
                    try await tx.writeAtCommit("INSERT INTO items (name) VALUES (\(bind: "taken"))")
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
                try await tx.insertAtCommit(into: "items", ["name"], values: "(\(bind: "first"))")
                try await tx.insertAtCommit(into: "items", ["name"], values: "(\(bind: "second"))")
                return try await names(on: tx)
            }
            #expect(seenInside.isEmpty)
            #expect(try await names(on: db) == ["first", "second"])

            // Queued together, on SQLite they likely share a batch (and its one INSERT per table).
            async let kept: Void = writes.run { tx in try await tx.insertAtCommit(into: "items", ["name"], values: "(\(bind: "kept"))") }
            async let refused: Void = writes.run { tx in
                try await tx.insertAtCommit(into: "items", ["name"], values: "(\(bind: "refused"))")
                throw Refused()
            }
            try await kept
            let refusal: Result<Void, any Error>
            do { try await refused; refusal = .success(()) } catch { refusal = .failure(error) }
            #expect(throws: Refused.self) { try refusal.get() }
            #expect(try await names(on: db) == ["first", "kept", "second"])
        }
    }

    @Test("outside a write transaction they run at once")
    func outsideRunAtOnce() async throws {
        try await withItems { db, _ in
            try await db.writeAtCommit("INSERT INTO items (name) VALUES (\(bind: "alone"))")
            try await db.insertAtCommit(into: "items", ["name"], values: "(\(bind: "row"))")
            #expect(try await names(on: db) == ["alone", "row"])
        }
    }
}
