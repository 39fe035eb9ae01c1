import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import Vapor

extension Application {
    /// Starts the app on a free loopback port, runs `body` with its base URL, then stops it.
    /// For what only a real socket shows: body size limits, the SDK's HTTP stack.
    public func withLiveServer(_ body: (URL) async throws -> Void) async throws {
        // Booting runs the lifecycle handlers (the event hub, the jobs), as `serve` does.
        try await asyncBoot()
        try await startOnFreePort()
        do {
            guard let port = http.server.shared.localAddress?.port else { throw Abort(.internalServerError) }
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        } catch {
            await stopServing()
            throw error
        }
        await stopServing()
    }

    /// Serves on a loopback port below the range the kernel hands out for port 0 and for outgoing
    /// connections (`/proc/sys/net/ipv4/ip_local_port_range`, 32768 and up by default), trying
    /// another port when the one drawn is taken. A test that stops serving and serves again on
    /// its port (`LiveMarket.serveAgain`) found an ephemeral one taken meanwhile by another
    /// test's server or connection; below the range only another test drawing it can take it.
    /// The bind itself is the check: a port probed free and bound after could be taken in
    /// between by a test drawing the same one (bind: Address already in use, once).
    ///
    /// `draw` picks a port of the range (a test hands it one it has taken).
    public func startOnFreePort(draw: (Range<Int>) -> Int = { Int.random(in: $0) }) async throws {
        let lowest = Self.lowestEphemeralPort()
        guard lowest > 11_000 else {
            try await server.start(address: .hostname("127.0.0.1", port: 0))
            return
        }
        var tries = 0
        while true {
            tries += 1
            do {
                try await server.start(address: .hostname("127.0.0.1", port: draw(10_000..<lowest)))
                return
            } catch let error as IOError where error.errnoCode == EADDRINUSE && tries < 100 {
                continue
            }
        }
    }

    private static func lowestEphemeralPort() -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        return range.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.flatMap { Int($0) } ?? 32_768
    }
}

/// A plain HTTP call, for tests that need exact bytes on the wire.
public func httpRequest(_ method: String, _ url: URL, body: Data? = nil, contentType: String = "application/json") async throws -> (Int, Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as! HTTPURLResponse).statusCode, data)
}
