import MarketCore
import Vapor

/// Text Trader's app reads every error as `{"message": "..."}`, and an invalid field as 400
/// (the main API says 422). The errors are the main API's, translated by the same middleware
/// first, so every rule still speaks once; field problems become one sentence.
struct TextTraderErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let apiError = APIErrorMiddleware.translate(error)
            if apiError.status == .internalServerError { request.logger.report(error: error) }
            let status: HTTPResponseStatus = apiError.status == .unprocessableEntity ? .badRequest : apiError.status
            let response = Response(status: status, headers: apiError.headers)
            try response.content.encode(TextTrader.ErrorBody(message: Self.message(apiError)), as: .json)
            return response
        }
    }

    /// "email must be an email address like name@example.edu; password is required."
    static func message(_ error: APIError) -> String {
        guard let fields = error.fields, !fields.isEmpty, error.code == "validation_failed" || error.status == .badRequest else {
            return error.message.english
        }
        return fields.keys.sorted().map { "\($0) \(fields[$0]!.english)" }.joined(separator: "; ") + "."
    }
}

extension APIError {
    /// The same error with its fields named as a contract's body names them.
    func renamingFields(_ names: [String: String]) -> APIError {
        guard let fields else { return self }
        var copy = self
        copy.fields = fields.renamed(names)
        return copy
    }
}
