@testable import MarketClient
import Testing

/// When the SDK sends a request again: a lost answer only for a keyed write, a wait asked for
/// only when short, never more than twice.
@Suite("SDK: when a request is sent again")
struct RepeatPolicyTests {
    let policy = RepeatPolicy()

    @Test("no answer: a keyed write is sent again after 0.5 s, then 1 s, then given up; a read or a signed-out write is not")
    func lostAnswer() {
        #expect(policy.decide(status: nil, retryAfter: nil, isRead: false, isKeyedWrite: true, attempt: 1) == .again(after: 0.5))
        #expect(policy.decide(status: nil, retryAfter: nil, isRead: false, isKeyedWrite: true, attempt: 2) == .again(after: 1))
        #expect(policy.decide(status: nil, retryAfter: nil, isRead: false, isKeyedWrite: true, attempt: 3) == .answer)
        #expect(policy.decide(status: nil, retryAfter: nil, isRead: true, isKeyedWrite: false, attempt: 1) == .answer)
        #expect(policy.decide(status: nil, retryAfter: nil, isRead: false, isKeyedWrite: false, attempt: 1) == .answer)
    }

    @Test("503 with a short Retry-After: a read or a keyed write waits and is sent again; a long wait, or a 409 without a key, is the caller's")
    func askedToWait() {
        #expect(policy.decide(status: 503, retryAfter: 2, isRead: true, isKeyedWrite: false, attempt: 1) == .again(after: 2))
        #expect(policy.decide(status: 503, retryAfter: 2, isRead: false, isKeyedWrite: true, attempt: 1) == .again(after: 2))
        #expect(policy.decide(status: 503, retryAfter: 2, isRead: false, isKeyedWrite: false, attempt: 1) == .answer)
        #expect(policy.decide(status: 503, retryAfter: 60, isRead: true, isKeyedWrite: false, attempt: 1) == .answer)
        #expect(policy.decide(status: 503, retryAfter: nil, isRead: true, isKeyedWrite: false, attempt: 1) == .answer)
        #expect(policy.decide(status: 409, retryAfter: 1, isRead: false, isKeyedWrite: true, attempt: 1) == .again(after: 1))
        #expect(policy.decide(status: 409, retryAfter: 1, isRead: true, isKeyedWrite: false, attempt: 1) == .answer)
        #expect(policy.decide(status: 409, retryAfter: nil, isRead: false, isKeyedWrite: true, attempt: 1) == .answer)
        #expect(policy.decide(status: 201, retryAfter: nil, isRead: false, isKeyedWrite: true, attempt: 1) == .answer)
    }
}
