import MarketCore
import Vapor

/// Lets a request through only with an `x-api-key` the operator issued and has not revoked.
struct APIKeyMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let key = request.headers.first(name: TextTrader.apiKeyHeader), !key.isEmpty else {
            throw APIError(.unauthorized, code: "api_key_missing", message: "Send the x-api-key header with the key your CampusMarket operator issued.")
        }
        guard try await request.domain.apiKeys.isValid(key) else {
            throw APIError(.unauthorized, code: "api_key_invalid", message: "This API key is unknown or has been revoked; ask your CampusMarket operator for a new one.")
        }
        return try await next.respond(to: request)
    }
}
