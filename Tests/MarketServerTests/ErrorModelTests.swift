import MarketCore
@testable import MarketServer
import PostgresNIO
import Testing
import Vapor

/// Every failure, Vapor's own included, answers with the JSON error model and never a 500.
@Suite("Error model")
struct ErrorModelTests {
    @Test("an unknown route is a JSON 404")
    func unknownRoute() async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "/api/v1/nothing-here")

            #expect(response.status == .notFound)
            #expect(response.headers.contentType == .json)
            #expect(try response.error.code == "not_found")
        }
    }

    @Test("no database connection free in time is 503 with Retry-After, not 500")
    func connectionPoolTimeout() async throws {
        try await withTestApp { app in
            let request = Request(application: app, on: app.eventLoopGroup.next())

            let response = APIErrorMiddleware.response(for: ConnectionPoolTimeoutError.connectionRequestTimeout, request: request)

            #expect(response.status == .serviceUnavailable)
            #expect(response.headers.first(name: .retryAfter) == "2")
            let body = try #require(response.body.buffer)
            #expect(try JSONDecoder.api.decode(APIErrorBody.self, from: Data(buffer: body)).error.code == "server_busy")
        }
    }

    @Test("a database that cannot be reached is 503 server_busy as well, not 500")
    func databaseUnreachable() async throws {
        try await withTestApp { app in
            let request = Request(application: app, on: app.eventLoopGroup.next())
            // Nothing listens on port 9: the same PSQLError a connect timeout under load raises.
            var configuration = PostgresConnection.Configuration(host: "127.0.0.1", port: 9, username: "nobody", password: nil,
                                                                 database: "none", tls: .disable)
            configuration.options.connectTimeout = .seconds(2)
            do {
                _ = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: app.logger)
                Issue.record("connected to port 9")
            } catch {
                let response = APIErrorMiddleware.response(for: error, request: request)
                #expect(response.status == .serviceUnavailable, "\(String(reflecting: error))")
            }
        }
    }

    @Test("Public/ files are served, percent-encoded or not; other paths go to the routes; nothing outside Public/ is")
    func publicFiles() async throws {
        try await withTestApp { app in
            let css = try await app.send(.GET, "/css/app.css")
            let encoded = try await app.send(.GET, "/%63ss/app.css")
            let script = try await app.send(.GET, "/js/app.js")
            let missing = try await app.send(.GET, "/css/none.css")
            let outside = try await app.send(.GET, "/css/../Package.swift")
            let routed = try await app.send(.GET, "/healthz")

            #expect(css.status == .ok && css.headers.contentType?.subType == "css" && !css.text.isEmpty)
            #expect(encoded.status == .ok && encoded.text == css.text)
            #expect(script.status == .ok && script.headers.contentType?.subType == "javascript")
            #expect(missing.status == .notFound)
            #expect(outside.status != .ok && !outside.text.contains("PackageDescription"))
            #expect(css.headers.first(name: "X-Content-Type-Options") == "nosniff")
            #expect(routed.status == .ok)
        }
    }

    @Test("text with the NUL character is 400 and stores nothing, in JSON and in web forms; an escaped backslash before u0000 is plain text")
    func nulCharacter() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = #"{"title":"Desk\u0000lamp","categories":["furniture"],"condition":"good","salePriceCents":900}"#
            let literal = #"{"title":"Desk \\u0000 lamp","categories":["furniture"],"condition":"good","salePriceCents":900}"#
            let signUp = try await app.visit("/signup")

            let refused = try await app.send(.POST, "/api/v1/listings", rawBody: listing, token: seller.token)
            let expense = try await app.send(.POST, "/api/v1/expenses", rawBody: #"{"expenseTitle":"a\u0000","amountInCents":100,"dateOfPurchase":"2026-11-20T00:00:00Z"}"#, token: seller.token)
            let accepted = try await app.send(.POST, "/api/v1/listings", rawBody: literal, token: seller.token)
            let form = try await app.postForm("/signup", "csrf=\(signUp.csrf)&name=Ada%00&email=ada%40campus.edu&password=correct+horse+battery", cookies: signUp.cookies)

            #expect(refused.status == .badRequest)
            #expect(try refused.error.code == "malformed_body")
            #expect(expense.status == .badRequest)
            #expect(accepted.status == .created)
            #expect(try await app.titles("q=desk") == [#"Desk \u0000 lamp"#])
            #expect(form.status == .badRequest)
            #expect(try await app.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: "ada@campus.edu", password: "correct horse battery")).status == .unauthorized)

            // A multipart form is not percent-encoded (its file parts are binary): "%00" there is text.
            let again = try await app.visit("/signup")
            let parts = ["csrf": again.csrf, "name": "Ada 100%00", "email": "ada@campus.edu", "password": "correct horse battery"]
                .map { "--b0undary\r\nContent-Disposition: form-data; name=\"\($0.key)\"\r\n\r\n\($0.value)\r\n" }.joined() + "--b0undary--\r\n"
            let multipart = try await app.send(.POST, "/signup", rawBody: parts,
                                               headers: ["Content-Type": "multipart/form-data; boundary=b0undary", "Cookie": again.cookies])
            #expect(multipart.status != .badRequest, "\(multipart.status) \(multipart.text.prefix(300))")
            #expect(try await app.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: "ada@campus.edu", password: "correct horse battery")).status == .ok)
        }
    }

    @Test("a query parameter with the NUL character is 422 naming it, on both databases (a search for one answered 500 on PostgreSQL)",
          arguments: ["campus", "q", "seller"])
    func nulInQuery(_ name: String) async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "/api/v1/listings?\(name)=pw%00x")
            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?[name] == "must not contain the NUL character")
            #expect(try await app.send(.GET, "/?\(name)=pw%00x").status == .ok, "the feed page shows its form again")
        }
    }

    @Test("a body that is not JSON is 400")
    func malformedJSON() async throws {
        try await withTestApp { app in
            let response = try await app.send(.POST, "/api/v1/auth/register", rawBody: #"{"email": "a@b.co", "#)

            #expect(response.status == .badRequest)
            #expect(try response.error.code == "malformed_body")
        }
    }

    @Test("a field of the wrong JSON type is 400 naming the field")
    func wrongFieldType() async throws {
        try await withTestApp { app in
            let response = try await app.send(.POST, "/api/v1/auth/register", rawBody: #"{"email": 42, "password": "longenough", "name": "A"}"#)

            #expect(response.status == .badRequest)
            #expect(try response.error.fields?["email"] == "must be a string")
        }
    }

    @Test("a JSON array where an object belongs is 400")
    func wrongTopLevel() async throws {
        try await withTestApp { app in
            let response = try await app.send(.POST, "/api/v1/auth/login", rawBody: "[1, 2]")

            #expect(response.status == .badRequest)
            #expect(try response.error.code == "malformed_body")
        }
    }

    @Test("a body of the wrong content type is a JSON 415")
    func wrongContentType() async throws {
        try await withTestApp { app in
            let response = try await app.send(.POST, "/api/v1/auth/login", rawBody: "email=a@b.co",
                                              headers: ["Content-Type": "application/x-www-form-urlencoded"])

            #expect(response.status == .unsupportedMediaType)
            #expect(try response.error.code == "unsupported_media_type")
        }
    }

    @Test("an empty body is 400 or names the missing fields, never 500")
    func emptyBody() async throws {
        try await withTestApp { app in
            let response = try await app.send(.POST, "/api/v1/auth/register", headers: ["Content-Type": "application/json"])

            #expect(response.status == .badRequest || response.status == .unprocessableEntity)
            #expect(try response.error.code.isEmpty == false)
        }
    }
}

@Suite("Method not allowed")
struct MethodNotAllowedTests {
    @Test("a known path with an unsupported method is 405 with Allow")
    func methodNotAllowed() async throws {
        try await withTestApp { app in
            let response = try await app.send(.PUT, "/api/v1/me")

            #expect(response.status == .methodNotAllowed)
            #expect(response.headers.first(name: "Allow") == "DELETE, GET, PATCH")
            #expect(try response.error.code == "method_not_allowed")
            let root = try await app.send(.DELETE, "/")
            #expect(root.status == .methodNotAllowed)
            #expect(root.headers.first(name: "Allow") == "GET")
        }
    }

    @Test("an unknown path stays 404")
    func unknownPathStays404() async throws {
        try await withTestApp { app in
            let response = try await app.send(.PUT, "/api/v1/nowhere")

            #expect(response.status == .notFound)
        }
    }
}
