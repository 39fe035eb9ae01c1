import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Vapor

extension Application {
    /// Starts the app on a free loopback port, runs `body` with its base URL, then stops it.
    /// For what only a real socket shows: body size limits, the SDK's HTTP stack.
    public func withLiveServer(_ body: (URL) async throws -> Void) async throws {
        // Booting runs the lifecycle handlers (the event hub, the jobs), as `serve` does.
        try await asyncBoot()
        try await server.start(address: .hostname("127.0.0.1", port: 0))
        do {
            guard let port = http.server.shared.localAddress?.port else { throw Abort(.internalServerError) }
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        } catch {
            await stopServing()
            throw error
        }
        await stopServing()
    }
}

/// A plain HTTP call, for tests that need exact bytes on the wire.
public func httpRequest(_ method: String, _ url: URL, body: Data? = nil, contentType: String = "application/json") async throws -> (Int, Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as! HTTPURLResponse).statusCode, data)
}
