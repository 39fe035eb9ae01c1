import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor
import VaporTesting

/// One answer from the app, with helpers to read the JSON body.
struct TestResponse {
    let status: HTTPStatus
    let headers: HTTPHeaders
    let body: ByteBuffer

    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder.api.decode(T.self, from: Data(buffer: body))
    }

    /// The `error` object of a failed call.
    var error: APIErrorBody.Detail {
        get throws { try decode(APIErrorBody.self).error }
    }

    var text: String { String(buffer: body) }
}

extension Application {
    /// Sends a request through the real middleware and routes, in memory.
    @discardableResult
    func send(
        _ method: HTTPMethod, _ path: String,
        json: (any Encodable)? = nil,
        rawBody: String? = nil,
        token: String? = nil,
        headers extra: HTTPHeaders = [:]
    ) async throws -> TestResponse {
        var headers = extra
        var body = ByteBuffer()
        if let json {
            body = ByteBuffer(data: try JSONEncoder.api.encode(json))
            if headers.contentType == nil { headers.contentType = .json }
        } else if let rawBody {
            body = ByteBuffer(string: rawBody)
            if headers.contentType == nil { headers.contentType = .json }
        }
        if let token { headers.bearerAuthorization = .init(token: token) }
        let request = TestingHTTPRequest(method: method, url: URI(path: path), headers: headers, body: body)
        let response = try await testing().performTest(request: request)
        return TestResponse(status: response.status, headers: response.headers, body: response.body)
    }

    /// Registers an account and returns its token and profile.
    func register(
        email: String = "student\(UUID().uuidString.prefix(8))@campus.edu",
        password: String = "correct horse battery",
        name: String = "Ada Student",
        username: String? = nil
    ) async throws -> AuthResponse {
        let response = try await send(.POST, "/api/v1/auth/register",
                                      json: RegisterRequest(email: email, password: password, name: name, username: username))
        #expect(response.status == .created, "register failed: \(response.text)")
        return try response.decode(AuthResponse.self)
    }

    /// `DELETE /api/v1/me`, confirmed with the password (the default one `register` uses).
    @discardableResult
    func deleteAccount(token: String, password: String? = "correct horse battery") async throws -> TestResponse {
        try await send(.DELETE, "/api/v1/me", json: DeleteAccountRequest(password: password), token: token)
    }

    func login(_ request: LoginRequest, headers: HTTPHeaders = [:]) async throws -> TestResponse {
        try await send(.POST, "/api/v1/auth/login", json: request, headers: headers)
    }
}
