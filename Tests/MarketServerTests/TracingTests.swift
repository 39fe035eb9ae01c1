import Foundation
@testable import MarketServer
import NIOConcurrencyHelpers
import Testing
import Vapor

/// OpenTelemetry tracing (`OTEL_EXPORTER_OTLP_ENDPOINT`): spans reach a collector over
/// OTLP/HTTP, a request's and its statements', each carrying the request id.
@Suite("Tracing", .serialized)
struct TracingTests {
    /// A local OTLP/HTTP endpoint: keeps every JSON body posted to /v1/traces.
    final class Collector: Sendable {
        let app: Application
        let bodies = NIOLockedValueBox<[Data]>([])  // JSON, checked to parse
        var url: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)" }

        init() async throws {
            app = try await Application.make(.testing)
            app.logger.logLevel = .warning
            app.on(.POST, "v1", "traces", body: .collect(maxSize: "16mb")) { [bodies] request -> HTTPStatus in
                guard request.headers.contentType == .json, let buffer = request.body.data,
                      (try? JSONSerialization.jsonObject(with: Data(buffer: buffer))) is [String: Any] else { return .badRequest }
                bodies.withLockedValue { $0.append(Data(buffer: buffer)) }
                return .ok
            }
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        }

        /// Every span received, flattened.
        private var documents: [[String: Any]] {
            bodies.withLockedValue { $0 }.compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        }

        var spans: [[String: Any]] {
            documents.flatMap { body in
                (body["resourceSpans"] as? [[String: Any]] ?? []).flatMap { resource in
                    (resource["scopeSpans"] as? [[String: Any]] ?? []).flatMap { $0["spans"] as? [[String: Any]] ?? [] }
                }
            }
        }

        var serviceNames: [String] {
            documents.flatMap { body in
                (body["resourceSpans"] as? [[String: Any]] ?? []).compactMap { resource in
                    ((resource["resource"] as? [String: Any])?["attributes"] as? [[String: Any]])?
                        .first { $0["key"] as? String == "service.name" }
                        .flatMap { ($0["value"] as? [String: Any])?["stringValue"] as? String }
                }
            }
        }

        func stop() async throws {
            await app.server.shutdown()
            try await app.asyncShutdown()
        }
    }

    static func attribute(_ span: [String: Any], _ key: String) -> String? {
        ((span["attributes"] as? [[String: Any]]) ?? []).first { $0["key"] as? String == key }
            .flatMap { ($0["value"] as? [String: Any]).flatMap { $0["stringValue"] as? String ?? ($0["intValue"] as? String) } }
    }

    @Test("a request's span and its statements' spans reach the collector with the request id, continuing the caller's trace, no bound value in them")
    func spansReachTheCollector() async throws {
        let collector = try await Collector()
        let requestID = "trace-" + UUID().uuidString.prefix(8)
        let traceID = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        do {
            try await withTestApp(adjust: { $0.tracingEndpoint = collector.url; $0.tracingServiceName = "campusmarket-test" }) { app in
                var headers = HTTPHeaders()
                headers.add(name: "X-Request-ID", value: requestID)
                headers.add(name: "traceparent", value: "00-\(traceID)-00f067aa0ba902b7-01")
                let response = try await app.send(.GET, "/api/v1/listings?q=marmalade&limit=5", headers: headers)
                #expect(response.status == .ok)
                for _ in 0..<100 where !collector.spans.contains(where: { Self.attribute($0, "request.id") == requestID && $0["kind"] as? Int == 2 }) {
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            let mine = collector.spans.filter { Self.attribute($0, "request.id") == requestID }
            let server = try #require(mine.first { $0["kind"] as? Int == 2 }, "no server span: \(collector.spans.count) spans")
            #expect(server["name"] as? String == "GET /api/v1/listings")
            #expect(server["traceId"] as? String == traceID)
            #expect(server["parentSpanId"] as? String == "00f067aa0ba902b7")
            #expect(Self.attribute(server, "http.response.status_code") == "200")
            #expect(Self.attribute(server, "url.query") == nil)  // a query string may hold a token
            let statements = mine.filter { ($0["name"] as? String)?.hasPrefix("SQL ") == true }
            #expect(!statements.isEmpty, "\(collector.spans.map { "\($0["name"] ?? "") \(Self.attribute($0, "request.id") ?? "-") \($0["traceId"] ?? "")" })")
            for statement in statements {
                #expect(statement["traceId"] as? String == traceID)
                #expect(statement["parentSpanId"] as? String != nil)
                #expect(Self.attribute(statement, "db.statement")?.contains("marmalade") == false)
            }
            #expect(collector.serviceNames.contains("campusmarket-test"))
            #expect(!OTLPTracer.isOn)  // the application stopped: so did its spans
        } catch {
            try await collector.stop()
            throw error
        }
        try await collector.stop()
    }

    @Test("an endpoint that is not an http(s) address is one sentence")
    func badEndpoint() async throws {
        let outcome = try await OperatorErrorTests.run(["serve", "--port", "8099"], environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "collector:4318"], timeout: 20)
        #expect(outcome.status == 1)
        #expect(OperatorErrorTests.sentence(outcome) == ["campusmarket: OTEL_EXPORTER_OTLP_ENDPOINT must be a collector's OTLP/HTTP address like http://collector:4318, not 'collector:4318'"])
    }
}
