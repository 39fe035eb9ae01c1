import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MarketTestSupport
import Testing
import Vapor

/// The live servers the SDK and CLI tests start, eight tests at a time: a port someone else holds
/// when the server binds is passed over, not a failed test.
@Suite("Live test servers' ports")
struct LiveServerPortTests {
    @Test("a drawn port that another socket holds by the time the server binds it is passed over for another")
    func takenPortIsPassedOver() async throws {
        try await withTestApp { app in
            try await app.asyncBoot()
            var drawn: [Int] = []
            var holder: Int32 = -1
            defer { if holder >= 0 { _ = Glibc.close(holder) } }
            // The first port drawn is taken as it is drawn, as another test starting at the same
            // moment would take it: between any check and the bind.
            try await app.startOnFreePort { range in
                let port = Int.random(in: range)
                if drawn.isEmpty { holder = Self.listen(on: port) }
                drawn.append(port)
                return port
            }
            let serving = app.http.server.shared.localAddress?.port
            await app.stopServing()
            #expect(holder >= 0, "the first port could be held")
            #expect(drawn.count >= 2)
            #expect(serving == drawn.last)
            #expect(serving != drawn.first)
        }
    }

    /// A socket listening on 127.0.0.1:`port`, or -1.
    private static func listen(on port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 1) == 0 else {
            _ = Glibc.close(fd)
            return -1
        }
        return fd
    }
}
