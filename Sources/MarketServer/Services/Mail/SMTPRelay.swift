import Foundation

/// `SMTP_URL`, read: `smtp://[user:password@]host[:port]` (port 587 by default; STARTTLS when
/// the relay offers it) or `smtps://…` (TLS from the first byte, port 465 by default).
struct SMTPRelay: Sendable, Equatable {
    var host: String
    var port: Int
    var implicitTLS: Bool
    var username: String?
    var password: String?

    init(url: String) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "smtp" || scheme == "smtps", let host = components.host, !host.isEmpty else {
            throw ConfigurationError("SMTP_URL must look like smtp://user:password@mail.example.edu:587 (or smtps:// for TLS on connect)")
        }
        self.host = host
        implicitTLS = scheme == "smtps"
        port = components.port ?? (implicitTLS ? 465 : 587)
        guard (1...65_535).contains(port) else { throw ConfigurationError("SMTP_URL's port must be 1-65535") }
        username = components.user?.removingPercentEncoding
        password = components.password?.removingPercentEncoding
    }

    /// A password is never sent in the clear, except to a relay on this machine.
    var isLoopback: Bool { ["localhost", "127.0.0.1", "::1"].contains(host) }
}
