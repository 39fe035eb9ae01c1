import Fluent
import Prometheus
import SQLKit
import Vapor

/// Routes for operators and tooling: health, metrics, the API description.
struct OperationsController: RouteCollection {
    let openAPIDocument: String?

    func boot(routes: any RoutesBuilder) throws {
        routes.get("healthz", use: health)
        routes.get("metrics", use: metrics)
        routes.get("openapi.yaml", use: openAPI)
    }

    struct Health: Content {
        var status: String
        var database: String
    }

    /// 200 only when the database answers a query.
    func health(req: Request) async throws -> Health {
        do {
            _ = try await req.db.sql.raw("SELECT 1 AS ok").first()
        } catch {
            req.logger.error("health check failed: \(String(reflecting: error))")
            throw APIError(.serviceUnavailable, code: "database_unavailable", message: "The database is not answering.")
        }
        return Health(status: "ok", database: "ok")
    }

    /// Prometheus text exposition of Vapor's request counters and latency histograms, and this
    /// instance's live gauges (event streams, the mail queue).
    func metrics(req: Request) async throws -> Response {
        let body = MetricsRegistry.shared.emitToString() + (try await LiveGauges.exposition(req.application, now: req.domain.now))
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "plain", parameters: ["version": "0.0.4", "charset": "utf-8"])
        return Response(status: .ok, headers: headers, body: .init(string: body))
    }

    func openAPI(req: Request) async throws -> Response {
        guard let openAPIDocument else {
            var missing = APIError.notFoundAtAddress
            missing.message = "openapi.yaml was not found beside the server's executable."
            throw missing
        }
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "application", subType: "yaml", parameters: ["charset": "utf-8"])
        return Response(status: .ok, headers: headers, body: .init(string: openAPIDocument))
    }
}
