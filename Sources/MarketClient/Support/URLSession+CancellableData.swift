import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// `data(for:)`, safe to cancel on every platform. On Linux, FoundationNetworking's
    /// `data(for:)` cancels its `URLSessionTask` when the calling task is cancelled, and a cancel
    /// that meets the answer arriving waits on the session's queue for good, holding one of the
    /// few threads every Swift task runs on (a screen that cancels a search per keystroke hung).
    /// Here the request is never cancelled there: a cancelled caller is answered at once with
    /// `CancellationError`, and the request, short as API calls are, finishes on its own with its
    /// answer dropped. Elsewhere Foundation's own.
    func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        #if canImport(FoundationNetworking)
        let answer = PendingAnswer()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard answer.wait(with: continuation) else { return }
                dataTask(with: request) { data, response, error in
                    if let data, let response { answer.give(.success((data, response))) }
                    else { answer.give(.failure(error ?? URLError(.badServerResponse))) }
                }.resume()
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
        #else
        return try await data(for: request)
        #endif
    }
}

#if canImport(FoundationNetworking)
/// The one answer a caller gets: the response, or a cancellation that came first (even before
/// the caller began to wait: then the request is not sent at all).
private final class PendingAnswer: @unchecked Sendable {
    typealias Answer = Result<(Data, URLResponse), any Error>
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var early: Answer?
    private var given = false

    /// False when the answer came first: the continuation is resumed with it, nothing to send.
    func wait(with continuation: CheckedContinuation<(Data, URLResponse), any Error>) -> Bool {
        let early: Answer? = lock.withLock {
            if let early = self.early { return early }
            self.continuation = continuation
            return nil
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// The first answer wins; later ones (a response after a cancellation) are dropped.
    func give(_ answer: Answer) {
        let waiting: CheckedContinuation<(Data, URLResponse), any Error>? = lock.withLock {
            guard !given else { return nil }
            given = true
            guard let continuation else { early = answer; return nil }
            self.continuation = nil
            return continuation
        }
        waiting?.resume(with: answer)
    }
}
#endif
