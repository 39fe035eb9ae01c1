import Foundation

/// `POST /api/v1/auth/apple` and `POST /api/v1/me/apple`: Apple's identity token; `nonce` (the
/// raw value the server issued) is checked against the token's when given; `name` is kept from
/// the first sign-in (Apple sends it only then).
public struct AppleSignInRequest: Codable, Sendable, Equatable {
    public var identityToken: String?
    public var nonce: String?
    public var name: String?

    public init(identityToken: String?, nonce: String? = nil, name: String? = nil) {
        self.identityToken = identityToken
        self.nonce = nonce
        self.name = name
    }

    /// The token, and a name in stored form when one was given.
    public func validated() -> Result<(identityToken: String, nonce: String?, name: String?), FieldErrorList> {
        var errors = FieldErrors()
        let token = (identityToken ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if token.isEmpty { errors.note("identityToken", "is required") }
        if token.count > 10_000 { errors.note("identityToken", "is too long to be an identity token") }
        let name = self.name.map(AccountRules.normalizeName).flatMap { $0.isEmpty ? nil : $0 }
        if let name, let problem = AccountRules.nameProblem(name) { errors.note("name", problem) }
        guard errors.isEmpty else { return .failure(FieldErrorList(errors)) }
        return .success((token, nonce.flatMap { $0.isEmpty ? nil : $0 }, name))
    }
}
