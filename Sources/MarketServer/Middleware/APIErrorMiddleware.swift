import FluentPostgresDriver
import MarketCore
import Vapor

/// Renders every error — ours, Vapor's (unknown route, body too large, wrong content type) and
/// decoding failures — as the JSON error model, or on the web app's pages as an error page. Bad
/// input never becomes a 500. Future-based: a task only to render an error page (why:
/// `SecurityHeadersMiddleware`).
struct APIErrorMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapError { error in
            // A page's script calling the web app (passkeys) asks for JSON and gets the JSON error.
            if request.isWebPage, !request.wantsJSON {
                return request.eventLoop.makeFutureWithTask { await WebErrorPage.response(for: error, request: request) }
            }
            return request.eventLoop.makeSucceededFuture(Self.response(for: error, request: request))
        }
    }

    static func response(for error: any Error, request: Request) -> Response {
        let apiError = translate(error)
        if apiError.status == .internalServerError {
            request.logger.report(error: error)
        } else if apiError.code == APIError.serverBusy.code {
            // Which wait ran out, or which connection failed: what an operator needs to size the pool.
            // PostgreSQL's errors describe themselves generically (to keep a query's values out of
            // logs): the code and what lies under it (a connect timeout) say enough here.
            let cause = (error as? PSQLError).map { "PSQLError \($0.code) \($0.underlying.map { String(describing: $0) } ?? "")" }
            request.logger.warning("answered 503 server_busy: \(cause ?? String(describing: error))")
        }
        let localizer = request.localizer
        let body = APIErrorBody(error: .init(code: apiError.code, message: localizer.string(apiError.message),
                                             fields: apiError.fields?.strings(in: localizer)))
        let response = Response(status: apiError.status, headers: apiError.headers)
        do {
            try response.content.encode(body, as: .json)
        } catch {
            response.body = .init(string: #"{"error":{"code":"internal_error","message":"The server could not encode its error."}}"#)
            response.headers.contentType = .json
        }
        return response
    }

    static func translate(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as DecodingError:
            return malformedBody(error)
        case is ConnectionPoolTimeoutError:
            // Every database connection stayed busy past the pool's wait: the server is
            // overloaded, not broken, and the request can be sent again.
            return .serverBusy
        case let error as PSQLError where error.code == .connectionError:
            // The database could not be reached (a connect timeout, a restart): the same, from
            // the client's side — try again shortly.
            return .serverBusy
        case let error as any AbortError:
            var translated = APIError(error.status, code: code(for: error.status), message: message(for: error))
            translated.retryAfter = error.headers.first(name: .retryAfter).flatMap(TimeInterval.init)
            return translated
        default:
            return APIError(.internalServerError, code: "internal_error",
                            message: "Something went wrong on our side. It has been logged; please try again.")
        }
    }

    /// A body that is not the JSON the endpoint expects: 400, naming the field when we know it.
    private static func malformedBody(_ error: DecodingError) -> APIError {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            let field = path(context.codingPath)
            let expected = jsonTypeName(type)
            if field.isEmpty {
                return APIError.malformedBody("The request body must be a JSON \(expected).")
            }
            return APIError.malformedBody("The field '\(field)' must be \(expected).", field: field, problem: "must be \(expected)")
        case let .keyNotFound(key, context):
            let field = path(context.codingPath + [key])
            return APIError.validation([field: "is required"])
        case let .dataCorrupted(context):
            let field = path(context.codingPath)
            if field.isEmpty {
                return APIError.malformedBody("The request body is not valid JSON.")
            }
            return APIError.malformedBody("The field '\(field)' has an unreadable value.", field: field)
        @unknown default:
            return APIError.malformedBody("The request body could not be read.")
        }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        case is Date.Type: return "an ISO 8601 date-time"
        case is UUID.Type: return "a UUID"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            return "an object"
        }
    }

    private static func code(for status: HTTPResponseStatus) -> String {
        switch status.code {
        case 400: return "bad_request"
        case 401: return APIError.unauthenticated.code
        case 403: return "forbidden"
        case 404: return "not_found"
        case 405: return "method_not_allowed"
        case 409: return "conflict"
        case 413: return "payload_too_large"
        case 415: return "unsupported_media_type"
        case 422: return "validation_failed"
        case 429: return "too_many_requests"
        case 500..<600: return "server_error"
        default: return status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
        }
    }

    private static func message(for error: any AbortError) -> Phrase {
        switch error.status.code {
        case 404: return APIError.notFoundAtAddress.message
        case 413: return "The request body is too large."
        case 415: return "Send the body as application/json."
        default:
            // Vapor's own reason, in English: it is not ours to translate.
            let reason = error.reason
            return .verbatim(reason.hasSuffix(".") ? reason : reason + ".")
        }
    }
}
