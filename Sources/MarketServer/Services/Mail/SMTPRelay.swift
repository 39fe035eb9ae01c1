import Foundation

/// `SMTP_URL`, read: `smtp://[user:password@]host[:port]` (port 587 by default; STARTTLS when
/// the relay offers it) or `smtps://…` (TLS from the first byte, port 465 by default).
struct SMTPRelay: Sendable, Equatable {
    var host: String
    var port: Int
    var implicitTLS: Bool
    var username: String?
    var password: String?
    /// `SMTP_CA_FILE`: PEM certificates trusted for the relay besides the system's (a campus
    /// relay with an internal certificate authority).
    var trustedCertificatesFile: String?

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

    /// The name TLS checks the relay's certificate against; nil for an IP address, which TLS
    /// cannot send as a server name (the certificate is then checked against the address).
    var tlsServerName: String? {
        host.contains(":") || host.split(separator: ".").allSatisfy({ Int($0) != nil }) ? nil : host
    }

    /// A password is never sent in the clear, except to a relay on this machine.
    var isLoopback: Bool { ["localhost", "127.0.0.1", "::1"].contains(host) }
}
