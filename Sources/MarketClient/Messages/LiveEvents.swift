import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarketCore

/// What a live stream yields.
public enum LiveUpdate: Sendable, Equatable {
    /// The stream is (again) connected; events after `lastEventId` follow.
    case connected(lastEventId: Int64)
    case event(LiveEvent)
    /// The server no longer has every event since the last one seen (the app was away longer
    /// than it keeps them): reload conversations and notifications.
    case resync
}

/// `GET /api/v1/events` as an `AsyncSequence` that never gives up on a flaky connection: when
/// the stream drops it waits (the server's `retry:`, longer after repeated failures) and
/// reconnects with `Last-Event-ID`, so every event arrives once, in order. It ends when the
/// consuming task is cancelled, and throws when the session is no longer valid (401).
///
/// ```swift
/// for try await update in client.liveEvents() {
///     if case .event(let event) = update, case .message(let message) = event.payload { … }
/// }
/// ```
public struct LiveEvents: AsyncSequence, Sendable {
    public typealias Element = LiveUpdate

    let client: APIClient
    let resumeAfter: Int64?
    /// Silence longer than this (several missed heartbeats) counts as a dead connection.
    let idleTimeout: TimeInterval

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, idleTimeout: idleTimeout, lastEventId: resumeAfter)
    }

    /// Pulls: every connection is opened inside the consumer's `next()`, so when the consuming
    /// task ends or is cancelled no request of the stream outlives it (a background loop could
    /// still be reconnecting to a server that has gone).
    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: APIClient
        let idleTimeout: TimeInterval
        var lastEventId: Int64?
        private var retry: Duration = .seconds(2)
        private var failures = 0
        private var connection: AsyncThrowingStream<Data, any Error>.Iterator?
        private var parser = ServerSentEventParser()
        private var ready: [LiveUpdate] = []

        init(client: APIClient, idleTimeout: TimeInterval, lastEventId: Int64?) {
            self.client = client
            self.idleTimeout = idleTimeout
            self.lastEventId = lastEventId
        }

        public mutating func next() async throws -> LiveUpdate? {
            while true {
                if !ready.isEmpty { return handOver(ready.removeFirst()) }
                if Task.isCancelled { return nil }
                do {
                    guard var body = connection else {
                        if failures > 0 {
                            try? await Task.sleep(for: retry * Swift.min(failures, 15))
                            if Task.isCancelled { return nil }
                        }
                        connection = try await client.openEventStream(lastEventId: lastEventId, idleTimeout: idleTimeout).makeAsyncIterator()
                        parser = ServerSentEventParser()
                        continue
                    }
                    guard let chunk = try await body.next() else { throw APIClientError.transport("the event stream ended") }
                    connection = body
                    for frame in parser.feed(chunk) { try take(frame) }
                } catch let error as APIClientError where error.status == 401 || error.status == 403 {
                    throw error
                } catch {
                    // Dropped, refused or timed out: reconnect with Last-Event-ID.
                    connection = nil
                    failures += 1
                }
            }
        }

        /// `update`, noted in the account's store as handled once it is handed to the app.
        private func handOver(_ update: LiveUpdate) -> LiveUpdate {
            switch update {
            case .event(let event): client.store?.lastEventID = event.id
            case .connected(let id) where id > 0: client.store?.lastEventID = id
            case .connected: break
            case .resync: break
            }
            return update
        }

        private mutating func take(_ frame: ServerSentEvent) throws {
            if let ms = frame.retry { retry = .milliseconds(ms) }
            if let id = frame.id.flatMap(Int64.init) { lastEventId = id }
            failures = 0
            switch frame.event {
            case "ready": ready.append(.connected(lastEventId: lastEventId ?? 0))
            case "resync": ready += [.connected(lastEventId: lastEventId ?? 0), .resync]
            default:
                guard let kind = LiveEventKind(rawValue: frame.event), let id = frame.id.flatMap(Int64.init) else { return }
                ready.append(.event(try LiveEvent(id: id, kind: kind, data: Data(frame.data.utf8), decoder: APIClient.decoder)))
            }
        }
    }
}

extension APIClient {
    /// The signed-in user's live events; `resumeAfter` is the last event id already handled,
    /// by default the one the account's ``LocalStore`` noted, so a stream opened after the app
    /// was away (relaunched, offline) first delivers what it missed.
    public func liveEvents(resumeAfter: Int64? = nil, idleTimeout: TimeInterval = 60) -> LiveEvents {
        LiveEvents(client: self, resumeAfter: resumeAfter ?? store?.lastEventID, idleTimeout: idleTimeout)
    }

    /// One connection to `/api/v1/events`: its body as it arrives.
    func openEventStream(lastEventId: Int64?, idleTimeout: TimeInterval) async throws -> AsyncThrowingStream<Data, any Error> {
        var request = URLRequest(url: url(for: EventsEndpoint.stream))
        if let lastEventId { request.setValue(String(lastEventId), forHTTPHeaderField: "Last-Event-ID") }
        let token = await tokenProvider()
        request.ask(accept: "text/event-stream", languages: languages, token: token)
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let reader = EventStreamReader(continuation: continuation)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = 7 * 86_400
        let session = URLSession(configuration: configuration, delegate: reader, delegateQueue: nil)
        let task = session.dataTask(with: request)
        continuation.onTermination = { _ in
            task.cancel()
            session.invalidateAndCancel()
        }
        task.resume()
        let status = try await withTaskCancellationHandler { try await reader.status() } onCancel: { task.cancel() }
        if status == 401, token != nil { await onUnauthenticated() }
        guard status == 200 else {
            task.cancel()
            session.invalidateAndCancel()
            throw APIClientError.unexpectedResponse(status: status)
        }
        return body
    }
}

/// `GET /api/v1/events`, the stream ``APIClient/liveEvents(resumeAfter:idleTimeout:)`` reads
/// (it is not a request-and-answer call, so `send` does not take it).
public enum EventsEndpoint: Endpoint {
    case stream

    public var method: String { "GET" }
    public var path: String { "events" }
}
