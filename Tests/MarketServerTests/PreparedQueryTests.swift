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

    @Test("a statement planned for its values (values written in on PostgreSQL) gets every kind of value back intact, quotes and all")
    func unpreparedValuesRoundTrip() async throws {
        try await withTestApp { app in
            let id = UUID(), at = Date(timeIntervalSince1970: 1_790_000_000.123456)
            let tricky = "it's a \\'; DROP TABLE listings; -- $1 \\x27 café — “quoted”"
            let missing: UUID? = nil
            let row = try #require(try await app.db.sql.unprepared("""
                SELECT \(bind: id) AS id, \(bind: Int64(-9_000_000_000)) AS big, \(bind: Int64.min) AS lowest, \(bind: 42) AS small,
                  \(bind: false) AS flag,
                  \(bind: at) AS at, \(bind: missing) AS missing, \(bind: tricky) AS tricky, \(bind: "$2") AS dollar
                """).first())
            #expect(try row.decode(column: "id", as: UUID.self) == id)
            #expect(try row.decode(column: "big", as: Int64.self) == -9_000_000_000)
            #expect(try row.decode(column: "lowest", as: Int64.self) == Int64.min)
            #expect(try row.decode(column: "small", as: Int.self) == 42)
            #expect(try !row.decode(column: "flag", as: Bool.self))
            #expect(abs(try row.decode(column: "at", as: Date.self).timeIntervalSince(at)) < 0.000_001)
            #expect(try row.decode(column: "missing", as: UUID?.self) == nil)
            #expect(try row.decode(column: "tricky", as: String.self) == tricky)
            #expect(try row.decode(column: "dollar", as: String.self) == "$2")
            #expect(try await app.db.sql.raw("SELECT count(*) AS n FROM listings").first() != nil, "the table is still there")
        }
    }

    @Test("on PostgreSQL arrays of words and flags written into a statement come back intact", .enabled(if: TestDatabase.isPostgres))
    func unpreparedArraysRoundTrip() async throws {
        try await withTestApp { app in
            let words = ["o'neil", "back\\slash", "", "{brace}", "a,b"]
            let row = try #require(try await app.db.sql.unprepared("""
                SELECT \(bind: words)::text[] AS words, \(bind: [true, false])::boolean[] AS flags,
                  cardinality(\(bind: [String]())::text[]) AS none
                """).first())
            #expect(try row.decode(column: "words", as: [String].self) == words)
            #expect(try row.decode(column: "flags", as: [Bool].self) == [true, false])
            #expect(try row.decode(column: "none", as: Int.self) == 0)
        }
    }

    @Test("values written into a statement: each $n once, $10 not read as $1, a $ inside a value left alone, an unknown type refused")
    func inlinedStatementText() throws {
        let values: [any Encodable & Sendable] = (1...10).map { Int64($0) } + ["$1 'x'"]
        let sql = try PostgresInlinedStatement.sql("SELECT $1, $10, $11, '$'", values: values)
        #expect(sql == "SELECT ('1'::int8), ('10'::int8), (E'$1 ''x'''::text), '$'")
        #expect(try PostgresInlinedStatement.constant(Int64.min) == "('-9223372036854775808'::int8)")
        #expect(throws: PostgresInlinedStatement.Failure.self) { _ = try PostgresInlinedStatement.sql("SELECT $2", values: [Int64(1)]) }
        struct Opaque: Encodable, Sendable { let x = 1 }
        #expect(throws: PostgresInlinedStatement.Failure.self) { _ = try PostgresInlinedStatement.sql("SELECT $1", values: [Opaque()]) }
        #expect(try PostgresInlinedStatement.constant(Date(timeIntervalSince1970: -0.5)) == "('1969-12-31 23:59:59.500000+00'::timestamptz)")
        #expect(try PostgresInlinedStatement.constant(String?.none as Any) == "NULL")
    }

    @Test("on PostgreSQL a search reads where kept statements run one plan for every value, other reads where PostgreSQL chooses",
          .enabled(if: TestDatabase.isPostgres))
    func searchConnectionsPlanOnce() async throws {
        try await withTestApp { app in
            let services = app.domainServices(searchDatabase: app.db(.psqlSearch))
            let setting = { @Sendable (searching: Bool) in
                try await services.reading(searching: searching) { services in
                    try await services.database.sql.raw("SELECT current_setting('plan_cache_mode') AS mode").first()?
                        .decode(column: "mode", as: String.self)
                }
            }
            let (searching, other) = (try await setting(true), try await setting(false))
            #expect(searching == "force_generic_plan")
            #expect(other == "auto")
        }
    }

    @Test("on PostgreSQL no read compiles its plan to machine code (jit), searches or other: it cost a kept walk ten times its work",
          .enabled(if: TestDatabase.isPostgres))
    func noPlanCompiled() async throws {
        try await withTestApp { app in
            let services = app.domainServices(searchDatabase: app.db(.psqlSearch))
            for searching in [true, false] {
                let jit = try await services.reading(searching: searching) { services in
                    try await services.database.sql.raw("SELECT current_setting('jit') AS jit").first()?.decode(column: "jit", as: String.self)
                }
                #expect(jit == "off", "searching: \(searching)")
            }
            let writes = try await app.db.sql.raw("SELECT current_setting('jit') AS jit").first()?.decode(column: "jit", as: String.self)
            #expect(writes == "off")
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
