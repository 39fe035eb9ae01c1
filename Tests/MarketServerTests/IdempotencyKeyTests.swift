import Foundation
import MarketCore
@testable import MarketServer
import MarketTestSupport
import SQLKit
import Testing
import Vapor

/// `Idempotency-Key` on signed-in writes: a repeat gets the first answer and writes nothing; a
/// key is one account's and one request's; a repeat after a lost answer never writes twice.
@Suite("Idempotency keys")
struct IdempotencyKeyTests {
    static func keyed(_ key: String) -> HTTPHeaders { [IdempotencyKey.header: key] }

    /// A conversation between a deal's buyer and seller, and the path its messages are sent to.
    static func conversation(_ app: Application) async throws -> (Deal, path: String) {
        let deal = try await app.deal()
        let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
        return (deal, "/api/v1/conversations/\(conversation.id)/messages")
    }

    static func messageCount(_ app: Application, path: String, token: String) async throws -> Int {
        try await app.send(.GET, path, token: token).decode(MessagePage.self).items.count
    }

    @Test("a message sent twice with one key is stored once, and the repeat gets the first answer, marked as replayed")
    func repeatGetsFirstAnswer() async throws {
        try await withTestApp { app in
            let (deal, path) = try await Self.conversation(app)
            let first = try await app.send(.POST, path, json: SendMessageRequest(text: "Still for sale?"), token: deal.buyer.token,
                                           headers: Self.keyed("k-1"))
            let again = try await app.send(.POST, path, json: SendMessageRequest(text: "Still for sale?"), token: deal.buyer.token,
                                           headers: Self.keyed("k-1"))
            #expect(first.status == .created)
            #expect(again.status == .created)
            #expect(again.text == first.text)
            #expect(again.headers.contentType == .json)
            #expect(first.headers.first(name: "Idempotent-Replayed") == nil)
            #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try await Self.messageCount(app, path: path, token: deal.buyer.token) == 1)
            // Without a key, the same words are a new message.
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "Still for sale?"), token: deal.buyer.token).status == .created)
            #expect(try await Self.messageCount(app, path: path, token: deal.buyer.token) == 2)
        }
    }

    @Test("a key used for a different request is refused 422 naming the header; another account's same key is its own")
    func keyIsOneRequestsOfOneAccount() async throws {
        try await withTestApp { app in
            let (deal, path) = try await Self.conversation(app)
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "Hello"), token: deal.buyer.token,
                                       headers: Self.keyed("shared")).status == .created)
            let other = try await app.send(.POST, path, json: SendMessageRequest(text: "Hello again"), token: deal.buyer.token,
                                           headers: Self.keyed("shared"))
            #expect(other.status == .unprocessableEntity)
            #expect(try other.error.code == "idempotency_key_reused")
            #expect(try other.error.fields?[IdempotencyKey.header] != nil)
            // Another address is another request too.
            let favorite = try await app.send(.PUT, "/api/v1/me/favorites/\(deal.listing.id)", token: deal.buyer.token, headers: Self.keyed("shared"))
            #expect(favorite.status == .unprocessableEntity)
            // The seller's "shared" is not the buyer's.
            let seller = try await app.send(.POST, path, json: SendMessageRequest(text: "Hello"), token: deal.seller.token, headers: Self.keyed("shared"))
            #expect(seller.status == .created)
            #expect(seller.headers.first(name: "Idempotent-Replayed") == nil)
            #expect(try await Self.messageCount(app, path: path, token: deal.buyer.token) == 2)
        }
    }

    @Test("a key must be 1–255 printable ASCII characters, given once (400, nothing stored); reads and signed-out requests ignore it",
          arguments: ["", String(repeating: "k", count: 256), "clé", "two words"])
    func keyIsChecked(_ key: String) async throws {
        try await withTestApp { app in
            let (deal, path) = try await Self.conversation(app)
            let refused = try await app.send(.POST, path, json: SendMessageRequest(text: "Hi"), token: deal.buyer.token, headers: Self.keyed(key))
            #expect(refused.status == .badRequest)
            #expect(try refused.error.code == "idempotency_key_invalid")
            #expect(try refused.error.fields?[IdempotencyKey.header] != nil)
            var twice = Self.keyed("a")
            twice.add(name: IdempotencyKey.header, value: "b")
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "Hi"), token: deal.buyer.token, headers: twice).status == .badRequest)
            #expect(try await Self.messageCount(app, path: path, token: deal.buyer.token) == 0)
            #expect(try await app.send(.GET, path, token: deal.buyer.token, headers: Self.keyed(key)).status == .ok)
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "Hi"), headers: Self.keyed(key)).status == .unauthorized)
        }
    }

    @Test("a keyed request to an address naming no resource is answered as without a key (404 or 405), even with a key used before")
    func addressWithoutResource() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let order = "/api/v1/listings/\(deal.listing.id)/photos/order"
            #expect(try await app.send(.PUT, order, json: PhotoOrder(photoIds: []), token: deal.seller.token, headers: Self.keyed("k")).status != .methodNotAllowed)
            let keyed = try await app.send(.DELETE, order, json: PhotoOrder(photoIds: []), token: deal.seller.token, headers: Self.keyed("k"))
            let plain = try await app.send(.DELETE, order, json: PhotoOrder(photoIds: []), token: deal.seller.token)
            #expect(keyed.status == plain.status)
            #expect([.notFound, .methodNotAllowed].contains(keyed.status))
        }
    }

    @Test("a request that fails writes nothing and frees its key: corrected, it runs under the same key")
    func failureFreesTheKey() async throws {
        try await withTestApp { app in
            let (deal, path) = try await Self.conversation(app)
            let empty = try await app.send(.POST, path, json: SendMessageRequest(text: " "), token: deal.buyer.token, headers: Self.keyed("k"))
            #expect(empty.status == .unprocessableEntity)
            #expect(try empty.error.code == "validation_failed")
            let sent = try await app.send(.POST, path, json: SendMessageRequest(text: "Now with words"), token: deal.buyer.token, headers: Self.keyed("k"))
            #expect(sent.status == .created)
            #expect(try await Self.messageCount(app, path: path, token: deal.buyer.token) == 1)
        }
    }

    @Test("after an answer lost once the write committed, a repeat writes nothing and says the request was applied")
    func lostAnswerNeverWritesTwice() async throws {
        try await withTestApp { app in
            let (deal, path) = try await Self.conversation(app)
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "Once"), token: deal.buyer.token, headers: Self.keyed("k")).status == .created)
            // What a crash between the commit and keeping the answer leaves: the key applied, no answer.
            try await app.db.sql.raw("UPDATE idempotent_requests SET status = NULL, headers = NULL, body = NULL").run()
            let repeated = try await app.send(.POST, path, json: SendMessageRequest(text: "Once"), token: deal.buyer.token, headers: Self.keyed("k"))
            #expect(repeated.status == .conflict)
            #expect(try repeated.error.code == "idempotent_request_applied")
            #expect(try await Self.messageCount(app, path: path, token: deal.buyer.token) == 1)
        }
    }

    @Test("an attempt that stopped before its writes committed holds its key for the lease (409, Retry-After), then a repeat takes it over and runs once")
    func abandonedAttemptIsTakenOver() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let (deal, path) = try await Self.conversation(app)
            let body = Data(try JSONEncoder.api.encode(SendMessageRequest(text: "Take over")))
            // What a process stopped mid-request leaves: a claim, nothing applied.
            try await app.db.sql.raw("""
                INSERT INTO idempotent_requests (user_id, key, request_hash, claim, locked_until, created_at)
                VALUES (\(bind: deal.buyer.user.id), 'k', \(bind: IdempotentRequests.fingerprint(method: "POST", uri: path, body: body)),
                        \(bind: UUID()), \(bind: clock.now.addingTimeInterval(IdempotentRequests.lease)), \(bind: clock.now))
                """).run()
            let held = try await app.send(.POST, path, rawBody: String(decoding: body, as: UTF8.self), token: deal.buyer.token, headers: Self.keyed("k"))
            #expect(held.status == .conflict)
            #expect(try held.error.code == "idempotency_key_in_use")
            #expect(held.headers.first(name: .retryAfter) == "1")
            clock.advance(by: IdempotentRequests.lease + 1)
            let taken = try await app.send(.POST, path, rawBody: String(decoding: body, as: UTF8.self), token: deal.buyer.token, headers: Self.keyed("k"))
            #expect(taken.status == .created)
            #expect(try await Self.messageCount(app, path: path, token: deal.buyer.token) == 1)
        }
    }

    @Test("a write transaction whose attempt lost its key to another is undone")
    func lostClaimUndoesTheWrites() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let services = app.domainServices()
            // Another attempt took the key over (its lease had run out): this one's writes must not count.
            try await app.db.sql.raw("""
                INSERT INTO idempotent_requests (user_id, key, request_hash, claim, locked_until, created_at)
                VALUES (\(bind: deal.buyer.user.id), 'taken', 'digest', \(bind: UUID()), \(bind: services.now.addingTimeInterval(60)), \(bind: services.now))
                """).run()
            let stale = IdempotencyClaim(userID: deal.buyer.user.id, key: "taken", token: UUID(), claimedAt: services.now)
            await #expect(throws: APIError.self) {
                try await IdempotencyClaim.$current.withValue(stale) {
                    _ = try await services.blocks.block(deal.seller.user.id, by: deal.buyer.user.id)
                }
            }
            #expect(try await services.blocks.list(for: deal.buyer.user.id).items.isEmpty)
        }
    }

    @Test("an account holds at most 1,000 keys at once: a new one past them is 429 with Retry-After, a held one is still answered")
    func keysPerAccountAreBounded() async throws {
        try await withTestApp { app in
            let (deal, path) = try await Self.conversation(app)
            let now = app.domainServices().now
            try await app.db.sql.raw("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(literal: IdempotentRequests.maxPerAccount))
                INSERT INTO idempotent_requests (user_id, key, request_hash, claim, locked_until, created_at)
                SELECT \(bind: deal.buyer.user.id), 'k' || i, 'digest', \(bind: UUID()), \(bind: now), \(bind: now) FROM n
                """).run()
            let refused = try await app.send(.POST, path, json: SendMessageRequest(text: "One more"), token: deal.buyer.token, headers: Self.keyed("new"))
            #expect(refused.status == .tooManyRequests)
            #expect(try refused.error.code == "too_many_idempotency_keys")
            #expect(refused.headers.first(name: .retryAfter) == "3600")
            // A key already held is looked up as ever (here: another request's, so 422).
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "One more"), token: deal.buyer.token,
                                       headers: Self.keyed("k1")).status == .unprocessableEntity)
            // Without a key, the write goes as ever; the seller's keys are the seller's.
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "One more"), token: deal.buyer.token).status == .created)
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "Yes"), token: deal.seller.token, headers: Self.keyed("new")).status == .created)
        }
    }

    @Test("an account deleted with a key goes, and its keys and their kept answers go with it")
    func erasedWithTheAccount() async throws {
        try await withTestApp { app in
            let (deal, path) = try await Self.conversation(app)
            _ = try await app.send(.POST, path, json: SendMessageRequest(text: "My words"), token: deal.buyer.token, headers: Self.keyed("k"))
            let deleted = try await app.send(.DELETE, "/api/v1/me", json: DeleteAccountRequest(password: "correct horse battery"), token: deal.buyer.token,
                                             headers: Self.keyed("leave"))
            #expect(deleted.status == .noContent)
            let kept = try await app.db.sql.raw("SELECT COUNT(*) AS kept FROM idempotent_requests WHERE user_id = \(bind: deal.buyer.user.id)")
                .first(decodingColumn: "kept", as: Int.self)
            #expect(kept == 0)
        }
    }

    @Test("keys and their answers are kept a day, then forgotten by their job")
    func keysExpire() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let (deal, path) = try await Self.conversation(app)
            _ = try await app.send(.POST, path, json: SendMessageRequest(text: "Kept"), token: deal.buyer.token, headers: Self.keyed("k"))
            clock.advance(by: 23 * 3_600)
            _ = try await Job.idempotencyExpiry.round(app)
            #expect(try await app.send(.POST, path, json: SendMessageRequest(text: "Kept"), token: deal.buyer.token,
                                       headers: Self.keyed("k")).headers.first(name: "Idempotent-Replayed") == "true")
            clock.advance(by: 2 * 3_600)
            _ = try await Job.idempotencyExpiry.round(app)
            let rows = try await app.db.sql.raw("SELECT COUNT(*) AS kept FROM idempotent_requests").first(decodingColumn: "kept", as: Int.self)
            #expect(rows == 0)
        }
    }

    @Test("one message sent 50 times at once with one key, across the server processes: stored once, and every answer that is not 409 is the first")
    func racingRepeatsWriteOnce() async throws {
        try await ServerProcesses.withClient(count: RaceTests.serverCount) { client, processes in
            let servers = processes.baseURLs
            let seller = try await client.register(on: servers[0], name: "Seller")
            let buyer = try await client.register(on: servers[0], name: "Buyer")
            let listing: MarketCore.Listing = try await client.json(.POST, servers[0] + "/api/v1/listings", ListingInput.sample("Keyed desk"),
                                                                     token: seller.token, expect: .created)
            let conversation: Conversation = try await client.json(.POST, servers[0] + "/api/v1/listings/\(listing.id)/conversations",
                                                                    Optional<String>.none, token: buyer.token, expect: .created)
            let path = "/api/v1/conversations/\(conversation.id)/messages"
            let answers = try await withThrowingTaskGroup(of: (HTTPStatus, String).self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let response = try await client.send(.POST, servers[index % servers.count] + path, SendMessageRequest(text: "Is it free?"),
                                                             token: buyer.token, headers: Self.keyed("ask-once"))
                        return (response.status, response.body.map { String(buffer: $0) } ?? "")
                    }
                }
                return try await group.reduce(into: [(HTTPStatus, String)]()) { $0.append($1) }
            }
            let created = answers.filter { $0.0 == .created }
            #expect(!created.isEmpty)
            #expect(Set(created.map(\.1)).count == 1, "every answer is the first one")
            #expect(answers.allSatisfy { $0.0 == .created || $0.0 == .conflict }, "\(answers.map(\.0))")
            let messages: MessagePage = try await client.json(.GET, servers[0] + path, Optional<String>.none, token: buyer.token, expect: .ok)
            #expect(messages.items.count == 1)
        }
    }
}
