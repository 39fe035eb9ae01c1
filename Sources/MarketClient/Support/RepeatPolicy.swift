import Foundation

/// When a request is sent again, and when not. Reading again changes nothing; a write is sent
/// again only with its `Idempotency-Key` (every signed-in write has one), which the server
/// answers with the first answer instead of doing it twice (docs/api.md, "Sending a write
/// again"). A signed-out write (signing up, signing in) is never sent twice.
struct RepeatPolicy: Sendable {
    /// How many times one request is sent again, whatever the reason.
    var attempts = 2
    /// The longest `Retry-After` waited for; a longer one is the caller's to show.
    var longestWait: TimeInterval = 10
    /// The wait before sending a write again whose answer was lost (doubled each time).
    var lostAnswerWait: TimeInterval = 0.5

    /// What to do with an answer (or a lost one) to a request that `repeatable` or not.
    enum Decision: Equatable {
        case answer
        case again(after: TimeInterval)
    }

    /// `status` nil: no answer came (a transport error). `attempt` counts from 1.
    func decide(status: Int?, retryAfter: TimeInterval?, isRead: Bool, isKeyedWrite: Bool, attempt: Int) -> Decision {
        guard attempt <= attempts, isRead || isKeyedWrite else { return .answer }
        switch status {
        case nil where isKeyedWrite:
            // The request may have arrived and run: the key makes sending it again safe.
            return .again(after: lostAnswerWait * Double(1 << (attempt - 1)))
        case 503?, 409? where isKeyedWrite:
            // Overloaded (503), or this key's first request still running (409 with Retry-After).
            guard let retryAfter, retryAfter <= longestWait else { return .answer }
            return .again(after: retryAfter)
        default:
            return .answer
        }
    }
}
