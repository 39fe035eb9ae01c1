import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarketCore

/// Talks to a CampusMarket server's `/api/v1`. Accepts only 2xx answers; everything else
/// becomes a typed ``APIClientError``.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://market.campus.edu")!)
/// let page = try await client.send(ListingEndpoint.search(ListingQuery(text: "calculus")), as: ListingPage.self)
/// ```
public final class APIClient: Sendable {
    public let baseURL: URL
    private let session: URLSession
    let tokenProvider: @Sendable () async -> String?
    let onUnauthenticated: @Sendable () async -> Void
    /// Answers kept for revalidation (`If-None-Match`) while signed out; see ``ResponseCache``.
    let responses = ResponseCache()
    private let storeBox = LockedBox<LocalStore?>(nil)
    /// When a request is sent again (a lost answer, a server asking to wait).
    let repeatPolicy = RepeatPolicy()
    /// Photos kept on the device, shared by every view model built on this client.
    public let images: ImageCache
    /// The reader's languages, most wanted first: sent as `Accept-Language`, so the server's
    /// messages come in the first it speaks.
    public let languages: [String]

    /// - Parameters:
    ///   - baseURL: the server, e.g. `https://market.campus.edu` (the API is under `/api/v1`).
    ///   - session: the `URLSession` requests go through.
    ///   - tokenProvider: returns the bearer token to send, if any (``SessionManager`` passes its own).
    ///   - onUnauthenticated: called when a request that carried a token is answered 401: the
    ///     token was revoked or expired (``SessionManager`` signs out).
    ///   - imageDirectory: where ``images`` keeps photos on disk; nil keeps them in memory only.
    ///   - languages: the reader's languages, most wanted first (the device's, by default).
    public init(baseURL: URL, session: URLSession = .shared,
                tokenProvider: @escaping @Sendable () async -> String? = { nil },
                onUnauthenticated: @escaping @Sendable () async -> Void = {},
                imageDirectory: URL? = ImageCache.defaultDirectory,
                languages: [String] = LanguageChoice.processLanguages) {
        self.baseURL = baseURL
        self.languages = languages
        self.session = session
        self.tokenProvider = tokenProvider
        self.onUnauthenticated = onUnauthenticated
        images = ImageCache(directory: imageDirectory) { url in
            let (data, response) = try await session.cancellableData(for: URLRequest(url: url))
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else { throw APIClientError.unexpectedResponse(status: status) }
            return data
        }
    }

    /// The signed-in account's ``LocalStore``: every GET's answer is kept there, and read back
    /// when the server cannot be reached. ``SessionManager`` sets it at sign-in and removes it at
    /// sign-out; nil keeps answers in memory only.
    public var store: LocalStore? {
        get { storeBox.value }
        set { storeBox.value = newValue }
    }

    /// The bytes of `photo` for a slot `points` wide on a screen of `scale`: the copy that fits
    /// (`ListingPhoto.url(forPoints:scale:)`), from ``images``.
    public func photo(_ photo: ListingPhoto, points: Double, scale: Double) async throws -> Data {
        try await images.data(for: absoluteURL(photo.url(forPoints: points, scale: scale)))
    }

    /// A path the server gave (`/photos/…`) as a full URL on it.
    public func absoluteURL(_ path: String) -> URL {
        URL(string: path, relativeTo: baseURL)?.absoluteURL ?? baseURL.appendingPathComponent(path)
    }

    /// Sends `endpoint` and decodes the answer as `Response`.
    ///
    /// A signed-in write carries an `Idempotency-Key` (`idempotencyKey`, or a new one for this
    /// call): when its answer is lost on the way back, or the server asks to wait, it is sent
    /// again and still happens once (`repeatPolicy`).
    public func send<Response: Decodable>(_ endpoint: any Endpoint, as type: Response.Type = Response.self,
                                          idempotencyKey: String? = nil) async throws -> Response {
        let data = try await perform(endpoint, idempotencyKey: idempotencyKey)
        return try Self.decode(Response.self, from: data)
    }

    /// Sends `endpoint` whose answer has no body the caller needs (204, or one it ignores).
    public func send(_ endpoint: any Endpoint, idempotencyKey: String? = nil) async throws {
        _ = try await perform(endpoint, idempotencyKey: idempotencyKey)
    }

    /// The full URL `endpoint` is sent to.
    public func url(for endpoint: any Endpoint) -> URL {
        let url = baseURL.appendingPathComponent("api/v1").appendingPathComponent(endpoint.path)
        guard !endpoint.queryItems.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.queryItems = endpoint.queryItems
        // `+` is a space to a form decoder: send it escaped (a search for "C++").
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? url
    }

    private func perform(_ endpoint: any Endpoint, idempotencyKey: String?) async throws -> Data {
        let token = await tokenProvider()
        return try await perform(request(for: endpoint, token: token, idempotencyKey: idempotencyKey), token: token)
    }

    /// Sends `request` (made with `token`): a 2xx answer's body, or the error it is.
    func perform(_ request: URLRequest, token: String?) async throws -> Data {
        let (data, http) = try await exchangeReading(request, token: token)
        guard (200..<300).contains(http.statusCode) else {
            if http.statusCode == 401, token != nil { await onUnauthenticated() }
            if let body = try? Self.decoder.decode(APIErrorBody.self, from: data) {
                throw APIClientError.server(status: http.statusCode, error: body.error)
            }
            throw APIClientError.unexpectedResponse(status: http.statusCode)
        }
        return data
    }

    /// The request `endpoint` makes, with `token` and, for a signed-in write, its key (a new one
    /// when nil).
    func request(for endpoint: any Endpoint, token: String?, idempotencyKey: String?) throws -> URLRequest {
        var request = URLRequest(url: url(for: endpoint))
        request.httpMethod = endpoint.method
        request.ask(languages: languages, token: token)
        for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
        if let upload = endpoint.upload {
            let (body, contentType) = upload.multipartBody()
            request.httpBody = body
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        } else if let body = endpoint.body {
            request.httpBody = try Self.encoder.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if token != nil, endpoint.method != "GET" {
            request.setValue(idempotencyKey ?? UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
        }
        return request
    }

    /// One request and its answer, or a transport error.
    func exchange(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.cancellableData(for: request)
        } catch {
            throw APIClientError.transport(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw APIClientError.unexpectedResponse(status: 0) }
        return (data, http)
    }

    /// Decodes `data`, naming the type and the field that failed.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        do {
            return try decoder.decode(Value.self, from: data)
        } catch let error as DecodingError {
            let (path, reason): ([any CodingKey], String) = switch error {
            case .keyNotFound(let key, let context): (context.codingPath + [key], "missing")
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                (context.codingPath, context.debugDescription)
            @unknown default: ([], "\(error)")
            }
            let field = path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            throw APIClientError.decoding(type: String(describing: Value.self), field: field, reason: reason)
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        // The server writes whole seconds; accept fractions too, as ISO 8601 allows.
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = ISO8601DateFormatter.wholeSeconds.date(from: text) ?? ISO8601DateFormatter.fractional.date(from: text) {
                return date
            }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
        }
        return decoder
    }()
}

extension ISO8601DateFormatter {
    nonisolated(unsafe) static let wholeSeconds = ISO8601DateFormatter()
    nonisolated(unsafe) static let fractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
