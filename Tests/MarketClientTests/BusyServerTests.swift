import Foundation
import MarketClient
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// An overloaded server answers 503 with the wait it asks for (`Retry-After`): the SDK reads
/// again after it, and never sends a write twice on its own.
@Suite("SDK: a busy server")
struct BusyServerTests {
    /// The server's own overload answer (`APIError.serverBusy`, which its error middleware renders:
    /// 503 `server_busy`, `Retry-After: 2`) to the first `times` requests of `method` on `path`, as
    /// a pool whose wait ran out gives it; then the real answer.
    final class BusyFor: AsyncMiddleware, @unchecked Sendable {
        private let lock = NSLock()
        private var left: Int
        let method: HTTPMethod
        let path: String

        init(_ times: Int, _ method: HTTPMethod, _ path: String) {
            (left, self.method, self.path) = (times, method, path)
        }

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            let busy = request.method == method && request.url.path == path && lock.withLock {
                defer { left -= 1 }
                return left > 0
            }
            if busy { throw APIError.serverBusy }
            return try await next.respond(to: request)
        }
    }

    @Test("a read answered 503 with Retry-After is read again after the wait, twice at most; a write answered so is not sent again")
    func retriesReadsOnly() async throws {
        let search = BusyFor(1, .GET, "/api/v1/listings")
        let create = BusyFor(1, .POST, "/api/v1/listings")
        try await withLiveMarket(faults: [search, create]) { market in
            let seller = try await market.person("Sam")
            do {
                try await market.listing("Oak desk", by: seller)
                Issue.record("a write answered 503 succeeded")
            } catch let error as APIClientError {
                #expect(error.status == 503 && error.code == "server_busy")
            }
            #expect(market.requests.count("POST /api/v1/listings") == 1, "the write was sent once")
            try await market.listing("Desk lamp", by: seller, sale: 900)
            let client = APIClient(baseURL: market.url)

            let started = Date()
            let page = try await client.send(ListingEndpoint.search(ListingQuery(text: "lamp")), as: ListingPage.self)
            #expect(page.items.map(\.title) == ["Desk lamp"])
            #expect(Date().timeIntervalSince(started) >= 2, "it waited the two seconds the server asked for")
            #expect(market.requests.answered.filter { $0.hasPrefix("503 GET /api/v1/listings") }.count == 1)
        }
    }

    @Test("a read the server stays too busy for fails with its 503 after two more tries")
    func givesUp() async throws {
        try await withLiveMarket(faults: [BusyFor(10, .GET, "/api/v1/listings")]) { market in
            let client = APIClient(baseURL: market.url)
            do {
                _ = try await client.send(ListingEndpoint.search(ListingQuery()), as: ListingPage.self)
                Issue.record("a read answered 503 three times succeeded")
            } catch let error as APIClientError {
                #expect(error.status == 503 && error.code == "server_busy")
            }
            #expect(market.requests.count("GET /api/v1/listings") == 3)
        }
    }
}
