import MarketCore
import Vapor

/// A failure the API reports with its one error model (docs/api.md). Services throw these; the
/// error middleware renders them as `{"error": {code, message, fields}}` and writes the HTTP
/// headers that go with them (`Retry-After`, `WWW-Authenticate`). Errors more than one place
/// raises are built by the named constructors in `APIError+Catalogue.swift`.
struct APIError: AbortError, Sendable {
    var status: HTTPResponseStatus
    var code: String
    /// Put in the reader's language when the answer is written (`APIErrorMiddleware`); `code`
    /// stays the stable English identifier.
    var message: Phrase
    var fields: FieldErrors?
    /// How long to wait before trying again (429): the middleware writes `Retry-After`.
    var retryAfter: TimeInterval?
    /// The methods a path supports (405): the middleware writes `Allow`.
    var allowedMethods: [String]?

    var reason: String { message.english }

    var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        if let retryAfter { headers.replaceOrAdd(name: .retryAfter, value: String(Int(retryAfter.rounded(.up)))) }
        if let allowedMethods { headers.replaceOrAdd(name: .allow, value: allowedMethods.joined(separator: ", ")) }
        if status == .unauthorized { headers.replaceOrAdd(name: .wwwAuthenticate, value: "Bearer") }
        return headers
    }

    init(_ status: HTTPResponseStatus, code: String, message: Phrase, fields: FieldErrors? = nil, retryAfter: TimeInterval? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.retryAfter = retryAfter
    }

    /// Throws a 422 when `fields` is not empty.
    static func check(_ fields: FieldErrors) throws {
        if !fields.isEmpty { throw validation(fields) }
    }

    /// The draft a MarketCore validation produced, or a 422 naming every invalid field.
    static func draft<Draft>(_ result: Result<Draft, FieldErrorList>) throws -> Draft {
        switch result {
        case .success(let draft): return draft
        case .failure(let errors): throw validation(errors.fields)
        }
    }
}
