import Foundation

/// The profile changes that passed validation; nil fields stay as they are.
public struct ProfileChanges: Sendable, Equatable {
    public var name: String?
    public var email: String?
    public var username: String?
    public var contact: ContactMethod?
    public var privacy: PrivacyUpdate?
    public var newPassword: String?
    /// The current password, which the server checks before a new password or email is set.
    public var currentPassword: String?

    public init() {}

    /// A change that lets whoever makes it take over the account, so it needs the password.
    public var isSensitive: Bool { newPassword != nil || email != nil }
}
