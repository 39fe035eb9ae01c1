import Foundation
@testable import MarketServer
import SQLKit
import Testing
import Vapor

@Suite("Operations")
struct OperationsTests {
    @Test("/healthz answers 200 when the database does")
    func health() async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "/healthz")

            #expect(response.status == .ok)
            #expect(response.text.contains(#""database":"ok""#))
        }
    }

    @Test("/metrics exposes request counts and latencies by route and status")
    func metrics() async throws {
        try await withTestApp { app in
            try await app.send(.GET, "/api/v1/auth/status")
            try await app.send(.GET, "/api/v1/me")

            let response = try await app.send(.GET, "/metrics")

            #expect(response.status == .ok)
            #expect(response.headers.contentType?.subType == "plain")
            let text = response.text
            #expect(text.contains("http_requests_total"))
            #expect(text.contains(#"path="/api/v1/auth/status""#))
            #expect(text.contains(#"status="401""#))
            #expect(text.contains("http_request_duration_seconds_bucket"))
        }
    }

    @Test("/metrics adds this instance's gauges: open event streams, the mail queue's depth and oldest age, failed mails")
    func liveGauges() async throws {
        let clock = TestClock()
        // The delivery loop would send them to the log on its next round: not within this test.
        try await withTestApp(clock: clock, adjust: { $0.mailRetryInterval = 3_600 }) { app in
            let empty = try await app.send(.GET, "/metrics").text
            #expect(empty.contains("\ncampusmarket_mail_queue_waiting 0\n") && empty.contains("\ncampusmarket_mail_queue_oldest_seconds 0\n"))
            #expect(empty.contains("# TYPE campusmarket_event_streams_open gauge\ncampusmarket_event_streams_open 0\n"))
            // Mail goes to the log in tests, but it waits in the outbox first: queue two, let time pass.
            for to in ["a@campus.edu", "b@campus.edu"] {
                try await MailOutbox(database: app.db, now: clock.now).enqueue(MailMessage(to: to, subject: "Hi", body: "Hello"))
            }
            clock.advance(by: 90)
            let queued = try await app.send(.GET, "/metrics").text
            #expect(queued.contains("\ncampusmarket_mail_queue_waiting 2\n"), "\(queued.suffix(600))")
            #expect(queued.contains("\ncampusmarket_mail_queue_oldest_seconds 90\n"))
            #expect(queued.contains("\ncampusmarket_mail_failed 0\n"))
        }
    }

    @Test("/metrics counts this instance's database connections (PostgreSQL) or the writes queued for SQLite's writer")
    func databaseGauges() async throws {
        try await withTestApp { app in
            let metrics = try await app.send(.GET, "/metrics").text
            func value(_ name: String) -> Int? {
                metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } }
            }
            if TestDatabase.isPostgres {
                // The scrape's own statement runs on one of them: named by application_name, it is counted.
                #expect((value("campusmarket_db_connections_busy") ?? 0) >= 1, "\(metrics.suffix(800))")
                #expect(value("campusmarket_db_connections_idle") != nil)
            } else {
                #expect(value("campusmarket_db_writes_waiting") == 0)
            }
        }
    }

    @Test("every response carries a request id; a sane caller-supplied one is echoed")
    func requestID() async throws {
        try await withTestApp { app in
            let generated = try await app.send(.GET, "/healthz")
            let echoed = try await app.send(.GET, "/healthz", headers: ["X-Request-ID": "trace-123"])
            let unsafe = try await app.send(.GET, "/healthz", headers: ["X-Request-ID": "bad id\nwith newline"])

            #expect(generated.headers.first(name: "X-Request-ID")?.isEmpty == false)
            #expect(echoed.headers.first(name: "X-Request-ID") == "trace-123")
            #expect(unsafe.headers.first(name: "X-Request-ID") != "bad id\nwith newline")
        }
    }

    @Test("/openapi.yaml is served and describes every route the server registers")
    func openAPICoversRoutes() async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "/openapi.yaml")
            #expect(response.status == .ok)
            let documented = OpenAPIDocument(yaml: response.text).operations

            // The web app's pages are HTML for people, not API: everything else must be described.
            let apiRoots: Set<String> = ["api", "texttrader", "photos", "healthz", "metrics", "openapi.yaml"]
            let served = app.routes.all.filter { route in
                guard let first = route.path.first else { return true }  // "/" is documented
                return apiRoots.contains(first.description)
            }
            let registered = Set(served.map { route in
                let path = "/" + route.path.map { component -> String in
                    if case .parameter(let name) = component { return "{\(name)}" }
                    return component.description
                }.joined(separator: "/")
                return "\(route.method.rawValue.lowercased()) \(path)"
            })

            #expect(registered.subtracting(documented).isEmpty, "routes missing from openapi.yaml: \(registered.subtracting(documented).sorted())")
            #expect(documented.subtracting(registered).isEmpty, "openapi.yaml documents routes the server lacks: \(documented.subtracting(registered).sorted())")
        }
    }

    @Test("every operation documents its answers, and one with an id in its path documents 404 (a malformed id answers it)")
    func openAPIDocumentsNotFound() throws {
        let document = try OpenAPIDocument.repository()
        let undocumented = document.statusCodes.filter { $0.value.isEmpty }.keys.sorted()
        #expect(undocumented.isEmpty, "operations with no responses: \(undocumented)")
        let missing404 = document.statusCodes.filter { operation, codes in
            operation.contains("{") && !codes.contains("404")
        }.keys.sorted()
        #expect(missing404.isEmpty, "operations that can answer 404 but do not say so: \(missing404)")
    }

    @Test("SQLite runs in WAL mode with foreign keys on and synchronous=FULL", .enabled(if: !TestDatabase.isPostgres))
    func sqlitePragmas() async throws {
        try await withTestApp { app in
            let sql = app.db.sql

            let journal = try await sql.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
            let foreignKeys = try await sql.raw("PRAGMA foreign_keys").first()?.decode(column: "foreign_keys", as: Int.self)
            let synchronous = try await sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)

            #expect(journal == "wal")
            #expect(foreignKeys == 1)
            #expect(synchronous == 2)
        }
    }
}

/// Deep links: the site tells iOS which links the app opens, when `APPLE_APP_ID` names it.
@Suite("Apple app site association")
struct AppSiteAssociationTests {
    @Test("with APPLE_APP_ID: the listing, order, conversation and course paths, and the app's passkeys; without it 404")
    func association() async throws {
        try await withTestApp(adjust: { $0.appleAppID = "ABCDE12345.edu.campus.market" }) { app in
            let response = try await app.send(.GET, "/.well-known/apple-app-site-association")
            #expect(response.status == .ok)
            #expect(response.headers.contentType == .json)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
            let details = try #require(((document["applinks"] as? [String: Any])?["details"] as? [[String: Any]])?.first)
            #expect(details["appIDs"] as? [String] == ["ABCDE12345.edu.campus.market"])
            let paths = (details["components"] as? [[String: String]])?.compactMap { $0["/"] }
            #expect(paths == ["/listings/*", "/orders/*", "/messages/*", "/courses/*"])
            #expect((document["webcredentials"] as? [String: Any])?["apps"] as? [String] == ["ABCDE12345.edu.campus.market"])
        }
        try await withTestApp { app in
            let without = try await app.send(.GET, "/.well-known/apple-app-site-association")
            #expect(without.status == .notFound)
        }
        let outcome = try await OperatorErrorTests.run(["serve", "--port", "8096"], environment: ["APPLE_APP_ID": "market"], timeout: 20)
        #expect(outcome.status == 1)
        #expect(OperatorErrorTests.sentence(outcome) == ["campusmarket: APPLE_APP_ID must be the app's team id and bundle id, like ABCDE12345.edu.campus.market, not 'market'"])
    }
}
