/// `POST /api/v1/auth/register`. Fields are optional so that a missing one is reported by
/// name (422) rather than as an unreadable body.
public struct RegisterRequest: Codable, Sendable, Equatable {
    public var email: String?
    public var password: String?
    public var name: String?
    public var username: String?

    public init(email: String?, password: String?, name: String?, username: String? = nil) {
        self.email = email
        self.password = password
        self.name = name
        self.username = username
    }
}
