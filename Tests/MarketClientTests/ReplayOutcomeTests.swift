@testable import MarketClient
import MarketCore
import Testing

/// What a waiting write's failed try means for the outbox (`APIClient.sendWaiting()`).
@Suite("SDK: a waiting write's failed try")
struct ReplayOutcomeTests {
    static func server(_ status: Int, _ code: String) -> APIClientError {
        .server(status: status, error: .init(code: code, message: code))
    }

    @Test("applied on a try whose answer was lost: done, not failed; the server's no: failed; the network, a busy server, a key still running, an ended session: later")
    func outcomes() {
        #expect(APIClient.replayOutcome(of: Self.server(409, "idempotent_request_applied")) == .done)
        for refusal in [Self.server(412, "listing_changed"), Self.server(404, "listing_not_found"), Self.server(403, "account_suspended"),
                        Self.server(409, "listing_unavailable"), Self.server(422, "validation_failed")] {
            #expect(APIClient.replayOutcome(of: refusal) == .refused, "\(refusal)")
        }
        for later in [APIClientError.transport("offline"), Self.server(503, "server_busy"), Self.server(409, "idempotency_key_in_use"),
                      Self.server(429, "too_many_idempotency_keys"), Self.server(401, "unauthenticated"), .unexpectedResponse(status: 502)] {
            #expect(APIClient.replayOutcome(of: later) == .later, "\(later)")
        }
    }
}
