import Vapor

/// Tags each request's logs with a request id (the caller's `X-Request-ID` when it is sane,
/// else Vapor's), echoes it in the response, and writes one access-log line with the outcome.
/// Future-based: no task of its own per request (why: `SecurityHeadersMiddleware`).
struct RequestLogMiddleware: Middleware {
    static let header = "X-Request-ID"

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        // Vapor adopts any incoming X-Request-ID as `request.id`, unchecked; use it only when sane.
        let requestID = Self.acceptable(request.headers.first(name: Self.header)) ?? UUID().uuidString
        request.logger[metadataKey: "request-id"] = .string(requestID)
        if OTLPTracer.isOn { request.serviceContext[RequestIDKey.self] = requestID }  // onto every span of the request
        let started = ContinuousClock.now
        return next.respond(to: request)
            // Errors are rendered by the error middleware inside this one; reaching here is rare.
            .recover { error in APIErrorMiddleware.response(for: error, request: request) }
            .map { response in
                response.headers.replaceOrAdd(name: Self.header, value: requestID)
                let elapsed = ContinuousClock.now - started
                let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
                request.logger.info("request", metadata: [
                    "method": .string(request.method.rawValue),
                    "path": .string(request.path),
                    "status": .stringConvertible(response.status.code),
                    "duration_ms": .string(String(format: "%.2f", milliseconds)),
                ])
                return response
            }
    }

    /// Only short ids of safe characters are taken from the caller, so logs cannot be forged.
    private static func acceptable(_ value: String?) -> String? {
        guard let value, (1...128).contains(value.count),
              value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }) else { return nil }
        return value
    }
}
