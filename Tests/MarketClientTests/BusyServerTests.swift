import Foundation
import MarketClient
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// An overloaded server answers 503 with the wait it asks for (`Retry-After`): the SDK reads
/// again after it, and sends a signed-in write again only with its `Idempotency-Key`, so it
/// still happens once; a signed-out write is never sent twice.
@Suite("SDK: a busy server, a lost answer")
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

    /// Answers the first `method` request on a path beginning with `prefix` as a lost answer
    /// looks to the client: the request runs to its end, then the client is told 503.
    final class LoseAnswer: AsyncMiddleware, @unchecked Sendable {
        private let lock = NSLock()
        private var lost = false
        let method: HTTPMethod
        let prefix: String

        init(_ method: HTTPMethod, _ prefix: String) { (self.method, self.prefix) = (method, prefix) }

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            let response = try await next.respond(to: request)
            let lose = request.method == method && request.url.path.hasPrefix(prefix) && lock.withLock {
                defer { lost = true }
                return !lost
            }
            if lose { throw APIError.serverBusy }
            return response
        }
    }

    @Test("a read answered 503 with Retry-After is read again after the wait, twice at most; a signed-in write is sent again with its key and made once; a signed-out one is not sent again")
    func retriesReadsAndKeyedWrites() async throws {
        let search = BusyFor(1, .GET, "/api/v1/listings")
        let create = BusyFor(1, .POST, "/api/v1/listings")
        let register = BusyFor(1, .POST, "/api/v1/auth/register")
        try await withLiveMarket(faults: [search, create, register]) { market in
            do {
                _ = try await market.person("Ann")
                Issue.record("a signed-out write answered 503 succeeded")
            } catch let error as APIClientError {
                #expect(error.status == 503 && error.code == "server_busy")
            }
            #expect(market.requests.count("POST /api/v1/auth/register") == 1, "the sign-up was sent once")
            let seller = try await market.person("Sam")
            try await market.listing("Oak desk", by: seller)
            #expect(market.requests.count("POST /api/v1/listings") == 2, "the write was sent again after the wait")
            try await market.listing("Desk lamp", by: seller, sale: 900)
            let client = APIClient(baseURL: market.url)

            let started = Date()
            let page = try await client.send(ListingEndpoint.search(ListingQuery(text: "lamp")), as: ListingPage.self)
            #expect(page.items.map(\.title) == ["Desk lamp"])
            #expect(Date().timeIntervalSince(started) >= 2, "it waited the two seconds the server asked for")
            #expect(market.requests.answered.filter { $0.hasPrefix("503 GET /api/v1/listings") }.count == 1)
            let oak = try await client.send(ListingEndpoint.search(ListingQuery(text: "oak")), as: ListingPage.self)
            #expect(oak.items.map(\.title) == ["Oak desk"], "the write sent again was made once")
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

    @Test("a message whose answer is lost after the server stored it is sent again with its key: the SDK gets the message, the conversation holds it once")
    func lostAnswerSentOnce() async throws {
        try await withLiveMarket(faults: [LoseAnswer(.POST, "/api/v1/conversations/")]) { market in
            let seller = try await market.person("Sam")
            let buyer = try await market.person("Bea")
            let listing = try await market.listing("Oak desk", by: seller)
            let conversation = try await buyer.client.send(ConversationEndpoint.openAboutListing(listing.id), as: Conversation.self)
            let sent = try await buyer.client.send(ConversationEndpoint.send(conversation.id, SendMessageRequest(text: "Is it solid oak?")),
                                                   as: ConversationMessage.self)
            #expect(sent.text == "Is it solid oak?")
            #expect(market.requests.count("POST /api/v1/conversations/\(conversation.id.wireString)/messages") == 2)
            let page = try await buyer.client.send(ConversationEndpoint.messages(conversation.id), as: MessagePage.self)
            #expect(page.items.map(\.text) == ["Is it solid oak?"])
        }
    }
}
