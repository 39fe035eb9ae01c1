/// Why a WebAuthn ceremony was refused, in words a developer can act on (the web page and the
/// API show it; nothing in it is secret).
struct WebAuthnError: Error, Equatable, CustomStringConvertible {
    let description: String

    static func malformed(_ detail: String) -> WebAuthnError { WebAuthnError(description: detail) }
    static func badPublicKey(_ detail: String) -> WebAuthnError { WebAuthnError(description: detail) }
    static func refused(_ detail: String) -> WebAuthnError { WebAuthnError(description: detail) }
}
