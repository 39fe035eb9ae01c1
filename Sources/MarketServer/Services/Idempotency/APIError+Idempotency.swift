import Vapor

/// The answers a request sent with an `Idempotency-Key` may get instead of its own
/// (docs/api.md, "Sending a write again").
extension APIError {
    /// 400: the header is empty, too long, not printable ASCII, or given twice.
    static let idempotencyKeyInvalid = APIError(.badRequest, code: "idempotency_key_invalid",
                                                message: "Idempotency-Key must be 1–255 printable ASCII characters, given once.",
                                                fields: [IdempotencyKey.header: "must be 1–255 printable ASCII characters"])

    /// 422: the key was used for a different request (another method, address or body).
    static let idempotencyKeyReused = APIError(.unprocessableEntity, code: "idempotency_key_reused",
                                               message: "This Idempotency-Key was used for a different request; choose a new key for a new request.",
                                               fields: [IdempotencyKey.header: "was used for a different request"])

    /// 409: the request with this key is still running (or another instance holds it): try
    /// again in a moment, when its answer will be kept.
    static let idempotencyKeyInUse = APIError(.conflict, code: "idempotency_key_in_use",
                                              message: "A request with this Idempotency-Key is still being handled; send it again in a moment.",
                                              retryAfter: 1)

    /// 409: the request with this key was applied, but its answer was not kept (the server
    /// stopped before answering, or the answer was too large to keep). Nothing is done again:
    /// read what it changed instead.
    static let idempotentRequestApplied = APIError(.conflict, code: "idempotent_request_applied",
                                                   message: "The request with this Idempotency-Key was already applied, but its answer was not kept; read the current state instead of sending it again.")

    /// 429: the account holds `IdempotentRequests.maxPerAccount` keys from the last day.
    static let tooManyIdempotencyKeys = APIError(.tooManyRequests, code: "too_many_idempotency_keys",
                                                 message: "This account sent more writes with an Idempotency-Key in a day than the server keeps; try again later.",
                                                 retryAfter: 3_600)
}
