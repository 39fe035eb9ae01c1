import Fluent
import Foundation
import MarketCore

/// A student's account. Deleted accounts are kept as anonymised rows (`deletedAt` set) so that
/// anything that refers to them — orders, messages — never dangles.
final class UserRecord: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    /// Normalized (trimmed, lower-cased); unique.
    @Field(key: "email") var email: String
    /// Lower-cased; unique when present.
    @OptionalField(key: "username") var username: String?
    @Field(key: "name") var name: String
    /// nil for accounts that sign in only with Apple or a passkey, and for deleted accounts.
    @OptionalField(key: "password_hash") var passwordHash: String?
    /// Apple's `sub` for this person, when they sign in with Apple; unique.
    @OptionalField(key: "apple_subject") var appleSubject: String?
    @OptionalField(key: "contact_kind") var contactKind: String?
    @OptionalField(key: "contact_value") var contactValue: String?
    /// The campus the student trades on; listings take it from their seller.
    @OptionalField(key: "campus") var campus: String?
    // Set by the services from the injectable clock, not by Fluent's `@Timestamp` (the system clock).
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "updated_at") var updatedAt: Date?
    @OptionalField(key: "deleted_at") var deletedAt: Date?

    init() {}

    init(id: UUID? = nil, email: String, username: String?, name: String, passwordHash: String?, now: Date) {
        self.id = id
        self.createdAt = now
        self.updatedAt = now
        self.email = email
        self.campus = Self.defaultCampus(forEmail: email)
        self.username = username
        self.name = name
        self.passwordHash = passwordHash
    }

    var contact: ContactMethod? {
        get {
            guard let contactKind, let kind = ContactMethod.Kind(rawValue: contactKind), let contactValue else { return nil }
            return ContactMethod(kind: kind, value: contactValue)
        }
        set {
            contactKind = newValue?.kind.rawValue
            contactValue = newValue?.value
        }
    }

    func profile() throws -> UserProfile {
        UserProfile(id: try requireID(), email: email, name: name, username: username,
                    contact: contact, campus: campus, createdAt: createdAt,
                    hasPassword: passwordHash != nil, appleLinked: appleSubject != nil)
    }

    /// A student's campus until they choose one: their email's domain ("uw.edu").
    static func defaultCampus(forEmail email: String) -> String? {
        email.split(separator: "@").last.map(String.init)
    }
}
