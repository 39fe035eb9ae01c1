import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Vapor

extension Application {
    /// Starts the app on a free loopback port, runs `body` with its base URL, then stops it.
    /// For what only a real socket shows: body size limits, the SDK's HTTP stack.
    public func withLiveServer(_ body: (URL) async throws -> Void) async throws {
        // Booting runs the lifecycle handlers (the event hub, the jobs), as `serve` does.
        try await asyncBoot()
        try await server.start(address: .hostname("127.0.0.1", port: Self.portOutsideEphemeralRange()))
        do {
            guard let port = http.server.shared.localAddress?.port else { throw Abort(.internalServerError) }
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        } catch {
            await stopServing()
            throw error
        }
        await stopServing()
    }
}

extension Application {
    /// A free loopback port below the range the kernel hands out for port 0 and for outgoing
    /// connections (`/proc/sys/net/ipv4/ip_local_port_range`, 32768 and up by default). A test
    /// that stops serving and serves again on its port (`LiveMarket.serveAgain`) found it taken
    /// meanwhile by another test's server or connection (bind: Address already in use); a port
    /// from below the range is only ever taken by another test choosing it, found free here.
    static func portOutsideEphemeralRange() -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let lowest = range.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.flatMap { Int($0) } ?? 32_768
        guard lowest > 11_000 else { return 0 }
        for _ in 0..<100 {
            let port = Int.random(in: 10_000..<lowest)
            if isFree(port) { return port }
        }
        return 0
    }

    private static func isFree(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { Glibc.close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
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
