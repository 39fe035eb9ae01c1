import Foundation
import MarketCore
import Vapor

/// Runs a signed-in write sent with an `Idempotency-Key` at most once (docs/api.md, "Sending a
/// write again"): the first request claims the key and runs; a repeat gets the first answer
/// again (`Idempotent-Replayed: true`), or 409 while the first still runs, or 422 when the key
/// was used for a different request. A request's writes mark its key applied in their own
/// transaction (`IdempotencyClaim`), so a repeat after an answer lost in a crash never writes
/// twice. Reads, and requests without the header or a session, pass through untouched.
struct IdempotencyMiddleware: AsyncMiddleware {
    /// A key of the route's user info: a route that collects bodies larger than the default says how large.
    static let maxBodySizeKey = "idempotency.maxBodySize"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let values = request.headers[IdempotencyKey.header]
        guard ![.GET, .HEAD, .OPTIONS].contains(request.method), !values.isEmpty,
              let session = request.auth.get(Session.self) else { return try await next.respond(to: request) }
        // The cheap checks first: the key, then the body's size, before anything is stored.
        guard values.count == 1, let key = values.first, IdempotencyKey.isValid(key) else { throw APIError.idempotencyKeyInvalid }
        // An address naming no resource (`/photos/order` read as a photo's id) writes nothing:
        // it is answered as without a key (404, or 405 where the method is not the path's).
        guard !Self.namesNoResource(request) else { return try await next.respond(to: request) }
        let maxBody = request.route?.userInfo[Self.maxBodySizeKey] as? Int ?? request.application.routes.defaultMaxBodySize.value
        let body = try await request.body.collect(max: maxBody).get()
        let fingerprint = IdempotentRequests.fingerprint(method: request.method.rawValue, uri: request.url.string,
                                                         body: body.map { Data($0.readableBytesView) } ?? Data())
        let requests = request.domain.idempotentRequests
        switch try await requests.claim(key, of: try session.user.requireID(), fingerprint: fingerprint) {
        case .answered(let answer): return answer.response
        case .mismatch: throw APIError.idempotencyKeyReused
        case .inProgress: throw APIError.idempotencyKeyInUse
        case .appliedWithoutAnswer: throw APIError.idempotentRequestApplied
        case .claimed(let claim):
            let response: Response
            do {
                response = try await IdempotencyClaim.$current.withValue(claim) { try await next.respond(to: request) }
            } catch {
                // Undone writes free the key; one that fails to be freed is freed by its lease.
                try? await requests.release(claim)
                throw error
            }
            // The writes are done: their answer goes out even if keeping it fails (a repeat is then
            // told, after the lease, that the request was applied).
            try? await requests.finish(claim, answer: IdempotentAnswer(response))
            return response
        }
    }

    /// Whether an id in the path (a parameter named `…ID`) is neither an id nor the beginning of one.
    static func namesNoResource(_ request: Request) -> Bool {
        request.parameters.allNames.contains { name in
            guard name.hasSuffix("ID"), let value = request.parameters.get(name) else { return false }
            return UUID(uuidString: value) == nil && IDPrefix(value) == nil
        }
    }
}
