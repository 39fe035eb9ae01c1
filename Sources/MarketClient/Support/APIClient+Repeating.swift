import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// Sends `request`, and again while `repeatPolicy` says to.
    func exchangeRepeating(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let isRead = request.httpMethod == "GET"
        let isKeyedWrite = !isRead && request.value(forHTTPHeaderField: "Idempotency-Key") != nil
        var attempt = 1
        while true {
            let answer: (Data, HTTPURLResponse)?
            let failure: (any Error)?
            do { (answer, failure) = (try await exchange(request), nil) } catch { (answer, failure) = (nil, error) }
            let http = answer?.1
            // A 409 is sent again only when it is the key's "still running": no other carries Retry-After.
            let retryAfter = http?.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init)
            switch repeatPolicy.decide(status: http?.statusCode, retryAfter: retryAfter, isRead: isRead, isKeyedWrite: isKeyedWrite, attempt: attempt) {
            case .again(let wait):
                attempt += 1
                try await Task.sleep(for: .seconds(wait))
            case .answer:
                if let answer { return answer }
                throw failure ?? APIClientError.transport("no answer")
            }
        }
    }
}
