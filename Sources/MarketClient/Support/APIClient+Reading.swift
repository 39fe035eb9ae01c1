import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// Sends `request`; a GET goes through what the client keeps: the account's ``LocalStore``
    /// when signed in (read back when the server cannot be reached), the memory cache when not.
    /// Either way a kept answer's `ETag` is sent as `If-None-Match`, and a `304` answers the
    /// kept body as a `200`.
    func exchangeReading(_ request: URLRequest, token: String?) async throws -> (Data, HTTPURLResponse) {
        guard request.httpMethod == "GET" else { return try await exchangeRepeating(request) }
        guard token != nil, let store, let url = request.url, let key = storeKey(for: url) else {
            return try await exchangeRemembering(request, token: token)
        }
        if ReadReport.storedOnly {
            guard let stored = store.answer(for: key) else { throw APIClientError.notStored }
            ReadReport.current?.noteStored(stored, offline: false)
            return (stored.body, Self.ok(url))
        }
        let stored = store.answer(for: key)
        var request = request
        if let tag = stored?.tag { request.setValue(tag, forHTTPHeaderField: "If-None-Match") }
        let answer: (Data, HTTPURLResponse)
        do {
            answer = try await exchangeRepeating(request)
        } catch let error as APIClientError where error.isUnreachable {
            guard let stored else { throw error }
            ReadReport.current?.noteStored(stored, offline: true)
            return (stored.body, Self.ok(url))
        }
        let now = Date()
        switch (answer.1.statusCode, stored) {
        case (304, let stored?):
            store.confirm(key, at: now)
            ReadReport.current?.noteFresh(at: now)
            return (stored.body, Self.ok(url))
        case (200, _):
            store.keep(StoredAnswer(body: answer.0, tag: answer.1.value(forHTTPHeaderField: "ETag"), fetchedAt: now), for: key, seenAt: now)
            ReadReport.current?.noteFresh(at: now)
        case (502, let stored?), (503, let stored?), (504, let stored?):
            // A proxy with no server behind it, or a server that cannot answer now: as offline.
            ReadReport.current?.noteStored(stored, offline: true)
            return (stored.body, Self.ok(url))
        default:
            break
        }
        return answer
    }

    /// A signed-out GET, revalidated against the memory cache (``ResponseCache``).
    private func exchangeRemembering(_ request: URLRequest, token: String?) async throws -> (Data, HTTPURLResponse) {
        if ReadReport.storedOnly { throw APIClientError.notStored }
        guard let url = request.url else { return try await exchangeRepeating(request) }
        let key = ResponseCache.key(url: url, token: token)
        let cached = responses.entry(for: key)
        var request = request
        if let cached { request.setValue(cached.tag, forHTTPHeaderField: "If-None-Match") }
        let (data, http) = try await exchangeRepeating(request)
        if http.statusCode == 304, let cached { return (cached.body, Self.ok(url)) }
        if http.statusCode == 200, let tag = http.value(forHTTPHeaderField: "ETag") {
            responses.store(.init(tag: tag, body: data), for: key)
        }
        ReadReport.current?.noteFresh(at: Date())
        return (data, http)
    }

    /// What the store keeps `url`'s answer (or a waiting write) under: its path and query below
    /// `/api/v1/`. ``storedURL(_:)`` is its inverse.
    /// `me/changes` is never kept: each answer is read once (``catchUp()``).
    func storeKey(for url: URL) -> String? {
        let full = url.absoluteString
        guard full.hasPrefix(apiPrefix) else { return nil }
        let key = String(full.dropFirst(apiPrefix.count))
        return key.hasPrefix("me/changes") ? nil : key
    }

    /// The full URL of a path and query kept by ``storeKey(for:)``.
    func storedURL(_ key: String) -> URL {
        URL(string: apiPrefix + key) ?? baseURL
    }

    private var apiPrefix: String { baseURL.appendingPathComponent("api/v1").absoluteString + "/" }

    private static func ok(_ url: URL) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!
    }
}
