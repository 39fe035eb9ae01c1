/// Body of `DELETE /api/v1/me`: the current password, so a stolen token alone cannot delete an
/// account. An account without a password (Apple, passkeys) sends none and must have signed in
/// within the last 10 minutes.
public struct DeleteAccountRequest: Codable, Sendable, Equatable {
    public var password: String?

    public init(password: String?) {
        self.password = password
    }
}
