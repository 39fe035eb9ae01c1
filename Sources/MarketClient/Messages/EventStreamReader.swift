import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarketCore

/// The delegate of one event-stream request: hands over the status, then each chunk.
final class EventStreamReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let lock = NSLock()
    private var statusWaiter: CheckedContinuation<Int, any Error>?
    private var statusCode: Int?
    private var failure: (any Error)?

    init(continuation: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.continuation = continuation
    }

    func status() async throws -> Int {
        try await withCheckedThrowingContinuation { waiter in
            lock.lock()
            if let statusCode {
                lock.unlock()
                waiter.resume(returning: statusCode)
            } else if let failure {
                lock.unlock()
                waiter.resume(throwing: failure)
            } else {
                statusWaiter = waiter
                lock.unlock()
            }
        }
    }

    private func settle(_ result: Result<Int, any Error>) {
        lock.lock()
        let waiter = statusWaiter
        statusWaiter = nil
        switch result {
        case .success(let code): if statusCode == nil, failure == nil { statusCode = code }
        case .failure(let error): if statusCode == nil, failure == nil { failure = error }
        }
        lock.unlock()
        waiter?.resume(with: result)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        settle(.success((response as? HTTPURLResponse)?.statusCode ?? 0))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        settle(.failure(error ?? APIClientError.transport("the event stream ended before it began")))
        if let error { continuation.finish(throwing: APIClientError.transport(error.localizedDescription)) } else { continuation.finish() }
        session.finishTasksAndInvalidate()
    }
}
