import Foundation
import MarketCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What became of a write that may wait for the network.
public enum Delivery<Value: Sendable>: Sendable {
    /// The server answered.
    case sent(Value)
    /// Kept in the outbox: it goes once the network returns (``APIClient/sendWaiting()``).
    case waiting(OutboxItem)
}

extension APIClient {
    /// Sends `endpoint` now or, when the server cannot be reached and the write may wait
    /// (``OfflineWrites``), keeps it in the account's outbox with the Idempotency-Key of this
    /// first try, to go with ``sendWaiting()`` once the network returns. Writes go in the order
    /// made: while others wait, this one waits behind them. Without a store, or for a write that
    /// may not wait, it is ``send(_:as:idempotencyKey:)``.
    ///
    /// - Parameters:
    ///   - endpoint: the write.
    ///   - type: what its answer decodes as.
    ///   - summary: what the write is, for a screen's "Will send when online" row.
    public func sendOrKeep<Response: Decodable & Sendable>(_ endpoint: any Endpoint, as type: Response.Type = Response.self,
                                                           summary: Phrase) async throws -> Delivery<Response> {
        switch try await deliver(endpoint, summary: summary) {
        case .sent(let data): .sent(try Self.decode(Response.self, from: data))
        case .waiting(let item): .waiting(item)
        }
    }

    /// ``sendOrKeep(_:as:summary:)`` for a write whose answer has no body the caller needs:
    /// nil when sent, else what waits.
    @discardableResult
    public func sendOrKeep(_ endpoint: any Endpoint, summary: Phrase) async throws -> OutboxItem? {
        if case .waiting(let item) = try await deliver(endpoint, summary: summary) { return item }
        return nil
    }

    /// Keeps `make(placeholder)` in the outbox behind `item` (a new listing that waits): the
    /// write names `placeholder` where the id the server gives `item` goes (a new listing's
    /// photos), and is sent with that id once `item` is made. `placeholder` is `item`'s own key.
    @discardableResult
    public func keep(after item: OutboxItem, _ make: @Sendable (UUID) -> any Endpoint, summary: Phrase) async throws -> OutboxItem {
        guard let store, let placeholder = UUID(uuidString: item.idempotencyKey) else { throw APIClientError.notStored }
        let token = await tokenProvider()
        let key = UUID().uuidString
        let request = try request(for: make(placeholder), token: token, idempotencyKey: key)
        return try store.enqueue(request, key: key, path: request.url.flatMap(storeKey(for:)) ?? "", summary: summary.localized)
    }

    private func deliver(_ endpoint: any Endpoint, summary: Phrase) async throws -> Delivery<Data> {
        let token = await tokenProvider()
        guard let store, token != nil, OfflineWrites.mayWait(endpoint) else {
            return .sent(try await perform(request(for: endpoint, token: token, idempotencyKey: nil), token: token))
        }
        let key = UUID().uuidString
        let request = try request(for: endpoint, token: token, idempotencyKey: key)
        let path = request.url.flatMap(storeKey(for:)) ?? endpoint.path
        await sendWaiting()
        if store.outbox.contains(where: { !$0.isFailed }) {
            return .waiting(try store.enqueue(request, key: key, path: path, summary: summary.localized))
        }
        do {
            return .sent(try await perform(request, token: token))
        } catch let error as APIClientError where error.isUnreachable {
            return .waiting(try store.enqueue(request, key: key, path: path, summary: summary.localized))
        }
    }

    /// Sends the writes waiting in the outbox, oldest first, each with its first try's key (so
    /// one the server already did is answered, not done again). Stops at the first the network
    /// or a busy server holds back; one the server refuses is marked failed with its message,
    /// and the rest go on. Answers how many were sent.
    @discardableResult
    public func sendWaiting() async -> Int {
        guard let store else { return 0 }
        var sent = 0
        for item in store.outbox where !item.isFailed {
            let token = await tokenProvider()
            guard let token else { break }
            do {
                let answer = try await perform(request(for: item, token: token, made: store.madeIDs), token: token)
                // What it made (a new listing) names writes kept behind it by its key.
                if item.method == "POST", let made = Self.madeID(in: answer) { store.noteMade(made, by: item.idempotencyKey) }
            } catch let error as APIClientError {
                switch Self.replayOutcome(of: error) {
                case .done: break
                case .refused:
                    store.markFailed(item.id, because: error.message)
                    continue
                case .later: return sent
                }
            } catch {
                return sent
            }
            store.dropFromOutbox(item.id)
            sent += 1
        }
        if store.outbox.isEmpty { store.forgetMade() }
        return sent
    }

    /// What a waiting write's failed try means.
    enum ReplayOutcome: Equatable {
        /// It happened: the server did it on an earlier try whose answer was lost
        /// (`409 idempotent_request_applied`).
        case done
        /// The server will not do it (the listing changed or went, the account was suspended):
        /// sending again would not change that.
        case refused
        /// Try later: no network, a busy server, this key's first try still running, or an
        /// ended session (the store goes with it).
        case later
    }

    static func replayOutcome(of error: APIClientError) -> ReplayOutcome {
        if error.code == "idempotent_request_applied" { return .done }
        guard let status = error.status else { return .later }
        if [401, 408, 425, 429].contains(status) || status >= 500 { return .later }
        return status == 409 && error.code == "idempotency_key_in_use" ? .later : .refused
    }

    /// The `"id"` of what a write's answer made.
    private static func madeID(in answer: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: answer) as? [String: Any])?["id"] as? String
    }

    /// `item` as a request; a placeholder in its path (``keep(after:_:summary:)``) becomes the id
    /// made for it.
    private func request(for item: OutboxItem, token: String, made: [String: String]) -> URLRequest {
        let path = made.reduce(item.path) { path, pair in path.replacingOccurrences(of: pair.key.lowercased(), with: pair.value) }
        var request = URLRequest(url: storedURL(path))
        request.httpMethod = item.method
        request.httpBody = item.body
        request.ask(languages: languages, token: token)
        request.setValue(item.contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(item.ifMatch, forHTTPHeaderField: "If-Match")
        request.setValue(item.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        return request
    }
}
