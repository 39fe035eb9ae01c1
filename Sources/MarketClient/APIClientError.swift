import Foundation
import MarketCore

/// What can go wrong with a call, typed so a view model can react (e.g. show `fields` beside inputs).
public enum APIClientError: Error, Sendable, Equatable {
    /// The server answered with a non-2xx status and the JSON error model.
    case server(status: Int, error: APIErrorBody.Detail)
    /// The server answered something that is not what the API describes.
    case unexpectedResponse(status: Int)
    /// The request never got an answer (offline, DNS, refused).
    case transport(String)
}
