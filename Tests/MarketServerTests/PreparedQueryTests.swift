import Fluent
import Foundation
@testable import MarketServer
import SQLKit
import Testing

/// The hot-path statements (`db.prepared`): on PostgreSQL each is prepared once per connection
/// and reused, and on both databases every kind of value they bind arrives intact.
@Suite("Prepared statements")
struct PreparedQueryTests {
    @Test("every kind of value a hot statement binds, nil included, comes back as it went in")
    func valuesRoundTrip() async throws {
        try await withTestApp { app in
            let id = UUID(), at = Date(timeIntervalSince1970: 1_790_000_000)
            let missing: UUID? = nil, present: String? = "café — “quoted”"
            let row = try #require(try await app.db.prepared("""
                SELECT \(bind: id) AS id, \(bind: Int64(9_000_000_000)) AS big, \(bind: 42) AS small, \(bind: true) AS flag,
                  \(bind: at) AS at, \(bind: missing) AS missing, \(bind: present) AS present
                """).first())
            #expect(try row.decode(column: "id", as: UUID.self) == id)
            #expect(try row.decode(column: "big", as: Int64.self) == 9_000_000_000)
            #expect(try row.decode(column: "small", as: Int.self) == 42)
            #expect(try row.decode(column: "flag", as: Bool.self))
            #expect(try row.decode(column: "at", as: Date.self) == at)
            #expect(try row.decode(column: "missing", as: UUID?.self) == nil)
            #expect(try row.decode(column: "present", as: String?.self) == present)
        }
    }

    @Test("on PostgreSQL a statement is prepared on its connection once, and later runs reuse it", .enabled(if: TestDatabase.isPostgres))
    func preparedOncePerConnection() async throws {
        try await withTestApp { app in
            let counts = try await app.db.transaction { tx in  // one transaction: one connection throughout
                var counts: [Int] = []
                for n in 1...3 {
                    try await tx.prepared("SELECT \(bind: n) AS n").run()
                    counts.append(try await tx.sql.raw("""
                        SELECT count(*) AS count FROM pg_prepared_statements WHERE statement = 'SELECT $1 AS n'
                        """).first()?.decode(column: "count", as: Int.self) ?? -1)
                }
                return counts
            }
            #expect(counts == [1, 1, 1])
        }
    }

    @Test("on PostgreSQL a value a prepared statement cannot bind is an error, not a crash", .enabled(if: TestDatabase.isPostgres))
    func unsupportedValue() async throws {
        struct Opaque: Encodable, Sendable { let x = 1 }
        try await withTestApp { app in
            await #expect(throws: PreparedQueryError.self) { try await app.db.prepared("SELECT \(bind: Opaque()) AS x").run() }
        }
    }
}
