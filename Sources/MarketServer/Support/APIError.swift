import MarketCore
import Vapor

/// A failure the API reports with the DESIGN.md error model. Services throw these; the
/// error middleware renders them as `{"error": {code, message, fields}}`.
struct APIError: AbortError, Sendable {
    var status: HTTPResponseStatus
    var code: String
    var message: String
    var fields: FieldErrors?
    var headers: HTTPHeaders = [:]

    var reason: String { message }

    init(_ status: HTTPResponseStatus, code: String, message: String, fields: FieldErrors? = nil, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.headers = headers
    }

    /// 422 naming every invalid field.
    static func validation(_ fields: FieldErrors) -> APIError {
        let names = fields.keys.sorted().joined(separator: ", ")
        return APIError(.unprocessableEntity, code: "validation_failed",
                        message: "Some fields are invalid: \(names).", fields: fields)
    }

    /// Throws a 422 when `fields` is not empty.
    static func check(_ fields: FieldErrors) throws {
        if !fields.isEmpty { throw validation(fields) }
    }

    static let unauthenticated = APIError(.unauthorized, code: "unauthenticated",
                                          message: "Sign in to do this: send a valid bearer token.",
                                          headers: ["WWW-Authenticate": "Bearer"])
}
