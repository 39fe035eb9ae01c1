import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// One SMTP conversation: commands out, replies (possibly several lines: `250-…` then `250 …`) in.
struct SMTPSession {
    var lines: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// Sends `line` and returns the reply's text lines when its code is one of `codes`.
    mutating func command(_ line: String, expect codes: Int..., redacted: String? = nil) async throws -> [String] {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        return try await reply(expecting: codes, after: redacted ?? line)
    }

    mutating func expect(_ codes: Int...) async throws {
        _ = try await reply(expecting: codes, after: "connecting")
    }

    private mutating func reply(expecting codes: [Int], after what: String) async throws -> [String] {
        var texts: [String] = []
        while true {
            guard let buffer = try await lines.next() else {
                throw SMTPMailSender.RelayError(description: "the relay closed the connection after \(what)")
            }
            let line = String(buffer: buffer)
            guard line.count >= 3, let code = Int(line.prefix(3)) else {
                throw SMTPMailSender.RelayError(description: "the relay answered \(what) with '\(line.prefix(80))'")
            }
            texts.append(String(line.dropFirst(4)))
            if line.count > 3, line[line.index(line.startIndex, offsetBy: 3)] == "-" { continue }
            guard codes.contains(code) else {
                throw SMTPMailSender.RelayError(description: "the relay refused \(what): \(line.prefix(200))")
            }
            return texts
        }
    }
}
