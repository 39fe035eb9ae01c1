import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarketCore

/// Talks to a CampusMarket server's `/api/v1`. Accepts only 2xx answers; everything else
/// becomes a typed `APIClientError`.
public final class APIClient: Sendable {
    public let baseURL: URL
    private let session: URLSession
    private let tokenProvider: @Sendable () async -> String?

    /// - Parameter tokenProvider: returns the bearer token to send, if any (the session manager's).
    public init(baseURL: URL, session: URLSession = .shared, tokenProvider: @escaping @Sendable () async -> String? = { nil }) {
        self.baseURL = baseURL
        self.session = session
        self.tokenProvider = tokenProvider
    }

    /// Sends `endpoint` and decodes the answer as `Response`.
    public func send<Response: Decodable>(_ endpoint: any Endpoint, as type: Response.Type = Response.self) async throws -> Response {
        let data = try await perform(endpoint)
        do {
            return try Self.decoder.decode(Response.self, from: data)
        } catch {
            throw APIClientError.unexpectedResponse(status: 200)
        }
    }

    /// Sends `endpoint` whose answer has no body (204).
    public func send(_ endpoint: any Endpoint) async throws {
        _ = try await perform(endpoint)
    }

    private func perform(_ endpoint: any Endpoint) async throws -> Data {
        var url = baseURL.appendingPathComponent("api/v1").appendingPathComponent(endpoint.path)
        if !endpoint.queryItems.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.queryItems = endpoint.queryItems
            url = components.url ?? url
        }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body = endpoint.body {
            request.httpBody = try Self.encoder.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token = await tokenProvider() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw APIClientError.transport(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw APIClientError.unexpectedResponse(status: 0) }
        guard (200..<300).contains(http.statusCode) else {
            if let body = try? Self.decoder.decode(APIErrorBody.self, from: data) {
                throw APIClientError.server(status: http.statusCode, error: body.error)
            }
            throw APIClientError.unexpectedResponse(status: http.statusCode)
        }
        return data
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
