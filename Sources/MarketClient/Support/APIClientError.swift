import Foundation
import MarketCore

/// What can go wrong with a call, typed so a view model can react (show `fieldErrors` beside
/// inputs, `message` in an alert, sign out on `isUnauthenticated`).
public enum APIClientError: Error, Sendable, Equatable {
    /// The server answered with a non-2xx status and the API's JSON error model.
    case server(status: Int, error: APIErrorBody.Detail)
    /// The server answered something the API does not describe (a non-2xx without the error
    /// model, or a proxy's page).
    case unexpectedResponse(status: Int)
    /// A 2xx answer that is not the `type` the call expects; `field` is the coding path that failed.
    case decoding(type: String, field: String, reason: String)
    /// Input the SDK refused before sending, with MarketCore's field errors (the server would
    /// have answered the same 422).
    case invalid(FieldErrors)
    /// The request never got an answer (offline, DNS, refused, timed out).
    case transport(String)
    /// A screen asked for what the device kept before asking the server, and nothing was kept.
    case notStored

    /// The HTTP status, when the server answered.
    public var status: Int? {
        switch self {
        case .server(let status, _), .unexpectedResponse(let status): status
        case .decoding: 200
        case .invalid, .transport, .notStored: nil
        }
    }

    /// The server's stable error code (`listing_unavailable`, `rental_overlap`, ...).
    public var code: String? {
        switch self {
        case .server(_, let error): error.code
        case .invalid: "validation_failed"
        default: nil
        }
    }

    /// Field name → problem, for errors caused by specific inputs.
    public var fieldErrors: FieldErrors {
        switch self {
        case .server(_, let error): FieldErrors(written: error.fields ?? [:])
        case .invalid(let fields): fields
        default: [:]
        }
    }

    /// A sentence a person can read, in the device's language.
    public var message: String { explanation.localized }

    /// The sentence before it is put in a language (the server's is written in it already).
    public var explanation: Phrase {
        switch self {
        case .server(_, let error): .verbatim(error.message)
        case .unexpectedResponse(let status): "The server answered in a way this app does not understand (HTTP \(status))."
        case .decoding(let type, let field, _): "The server's answer could not be read (\(type), at \(field.isEmpty ? "the top" : field))."
        case .invalid(let fields): fields.count == 1 ? "Check the highlighted field." : "Check the \(fields.count) highlighted fields."
        case .transport(let reason): "The server could not be reached: \(reason)"
        case .notStored: "Nothing is kept on this device for this yet."
        }
    }

    /// No answer came: no network, or no server at the address.
    public var isUnreachable: Bool {
        if case .transport = self { true } else { false }
    }

    /// The server no longer accepts the session's token (or never did).
    public var isUnauthenticated: Bool { status == 401 }
}

extension APIClientError: LocalizedError {
    public var errorDescription: String? { message }
}
