import Foundation
import NIOCore
import Vapor

/// The answer to a keyed request, kept so that a repeat gets it again: its status, the headers a
/// client reads from it, and its body.
struct IdempotentAnswer: Sendable, Equatable {
    /// The headers kept; others (dates, security headers, the request id) are the repeat's own.
    static let keptHeaders: [HTTPHeaders.Name] = [.contentType, .location, .eTag, .lastModified]
    /// Answers larger than this are not kept: a repeat is told the request was applied instead.
    static let maxBodyBytes = 64 * 1024

    var status: Int
    var headers: [String: String]
    var body: Data

    /// The answer to keep, when it can be kept: a whole body no larger than `maxBodyBytes`, and a
    /// status a repeat should get again (not a "try again later").
    init?(_ response: Response) {
        let status = Int(response.status.code)
        guard (200..<500).contains(status), ![408, 409, 425, 429].contains(status) else { return nil }
        let body: Data
        if response.body.count == 0 {
            body = Data()
        } else if let buffer = response.body.buffer, buffer.readableBytes <= Self.maxBodyBytes {
            body = Data(buffer.readableBytesView)
        } else {
            return nil
        }
        var headers: [String: String] = [:]
        for name in Self.keptHeaders { if let value = response.headers.first(name: name) { headers[name.description] = value } }
        self.init(status: status, headers: headers, body: body)
    }

    init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The kept answer, marked as a repeat's (`Idempotent-Replayed: true`).
    var response: Response {
        var headers = HTTPHeaders(self.headers.map { ($0.key, $0.value) })
        headers.replaceOrAdd(name: "Idempotent-Replayed", value: "true")
        return Response(status: HTTPResponseStatus(statusCode: status), headers: headers, body: .init(data: body))
    }
}
