import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP socket on 127.0.0.1, for tests that need what no HTTP client does: a client that
/// stops reading (`StalledStreamTests`), a port held by someone else (`LiveServerPortTests`).
public struct LoopbackSocket: Sendable {
    private let fd: Int32

    /// A socket listening on 127.0.0.1:`port`. It reuses the address as a server does
    /// (SO_REUSEADDR), so a port whose last connections linger closed (TIME_WAIT) is held, as
    /// the server would bind it; a port another socket listens on is still refused.
    public static func listening(on port: Int) throws -> LoopbackSocket {
        let socket = try LoopbackSocket()
        var reuse: Int32 = 1
        setsockopt(socket.fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        do { try socket.listen(on: port) } catch { socket.close(); throw error }
        return socket
    }

    /// A socket connected to 127.0.0.1:`port`; `receiveBuffer` asks the kernel for a receive
    /// buffer of that many bytes (it rounds up to its own minimum).
    public static func connected(to port: Int, receiveBuffer: Int32? = nil) throws -> LoopbackSocket {
        let socket = try LoopbackSocket(receiveBuffer: receiveBuffer)
        do { try socket.connect(to: port) } catch { socket.close(); throw error }
        return socket
    }

    private init(receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackSocketError(call: "socket") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// Connects to 127.0.0.1:`port`.
    private func connect(to port: Int) throws {
        guard Self.withAddress(port: port, { Glibc.connect(fd, $0, $1) }) == 0 else { throw LoopbackSocketError(call: "connect") }
    }

    /// Binds 127.0.0.1:`port` and listens on it.
    private func listen(on port: Int) throws {
        guard Self.withAddress(port: port, { bind(fd, $0, $1) }) == 0 else { throw LoopbackSocketError(call: "bind") }
        guard Glibc.listen(fd, 1) == 0 else { throw LoopbackSocketError(call: "listen") }
    }

    /// Sends all of `text` (a send may take only part of it).
    public func send(_ text: String) throws {
        var bytes = ArraySlice(Array(text.utf8))
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
            guard sent > 0 else { throw LoopbackSocketError(call: "send") }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Waits for bytes and returns what came (at most `limit`), or nil at the end of the
    /// connection or on an error. Blocks its thread.
    public func receive(limit: Int = 4_096) -> Data? {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
        return count > 0 ? Data(buffer[0..<count]) : nil
    }

    /// Ends the connection both ways: a `receive` waiting on another thread returns nil.
    public func shutdown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    public func close() { _ = Glibc.close(fd) }

    private static func withAddress(port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}

public struct LoopbackSocketError: Error, CustomStringConvertible {
    let call: String
    /// `errno` as the call left it.
    let code = errno
    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
