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
    /// The full name, as the person themself sees it. Set it with `rename(_:)`.
    @Field(key: "name") private(set) var name: String
    /// The name as everyone else reads it (`PrivacySettings.publicName`), kept with `name` and
    /// the name style so that every query naming another person reads one column.
    @Field(key: "public_name") private(set) var publicName: String
    /// nil for accounts that sign in only with Apple or a passkey, and for deleted accounts.
    @OptionalField(key: "password_hash") var passwordHash: String?
    /// Apple's `sub` for this person, when they sign in with Apple; unique.
    @OptionalField(key: "apple_subject") var appleSubject: String?
    @OptionalField(key: "contact_kind") var contactKind: String?
    @OptionalField(key: "contact_value") var contactValue: String?
    @Field(key: "contact_audience") var contactAudienceText: String
    /// Mirrored on each of the person's listings (`listings.campus_only`, negated), which
    /// searches filter on.
    @Field(key: "shown_outside_campus") var shownOutsideCampus: Bool
    @Field(key: "name_style") private(set) var nameStyleText: String
    /// The campus address this person confirmed by a mailed link; their campus comes from it
    /// (`TrustPolicy.membership`). nil until they verify.
    @OptionalField(key: "campus_email") var campusEmail: String?
    @OptionalField(key: "campus_verified_at") var campusVerifiedAt: Date?
    /// Comma-separated `UserRole`s, granted by the operator (`campusmarket users grant`).
    @OptionalField(key: "roles") var rolesText: String?
    /// Set while the account is suspended: it cannot sign in and its listings are off the market.
    @OptionalField(key: "suspended_at") var suspendedAt: Date?
    @OptionalField(key: "suspension_reason") var suspensionReason: String?
    /// The language the person chose (an offered tag, "es"): their pages, mails and pushes are
    /// in it. nil: their browser's or their campus's.
    @OptionalField(key: "language") var language: String?
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
        self.username = username
        self.passwordHash = passwordHash
        self.name = name
        self.publicName = name
        self.privacy = .private
        // Signed up in another language than English (the page's, `Localizer.current`): their
        // mails and pushes are in it too. English needs no choice: it is what follows the browser.
        let words = Localizer.current
        language = words.isPseudo || words.language == "en" ? nil : words.language
    }

    /// A new full name; the public one follows it.
    func rename(_ name: String) {
        self.name = name
        publicName = PrivacySettings.publicName(name, style: nameStyle)
    }

    var nameStyle: PrivacySettings.NameStyle { PrivacySettings.NameStyle(known: nameStyleText) ?? .full }

    var privacy: PrivacySettings {
        get {
            PrivacySettings(contactAudience: PrivacySettings.ContactAudience(known: contactAudienceText) ?? .nobody,
                            shownOutsideCampus: shownOutsideCampus, nameStyle: nameStyle)
        }
        set {
            contactAudienceText = newValue.contactAudience.rawValue
            shownOutsideCampus = newValue.shownOutsideCampus
            nameStyleText = newValue.nameStyle.rawValue
            publicName = PrivacySettings.publicName(name, style: newValue.nameStyle)
        }
    }

    var contact: ContactMethod? {
        get { Self.contact(kind: contactKind, value: contactValue) }
        set {
            contactKind = newValue?.kind.rawValue
            contactValue = newValue?.value
        }
    }

    /// The contact method its two columns hold, if both are set and the kind is known.
    static func contact(kind: String?, value: String?) -> ContactMethod? {
        guard let kind, let known = ContactMethod.Kind(rawValue: kind), let value else { return nil }
        return ContactMethod(kind: known, value: value)
    }

    var roles: Set<UserRole> {
        get { Set((rolesText ?? "").split(separator: ",").compactMap { UserRole(rawValue: String($0)) }) }
        set { rolesText = newValue.isEmpty ? nil : newValue.map(\.rawValue).sorted().joined(separator: ",") }
    }

    /// A moderator or an admin: may work the report queue.
    var isModerator: Bool { !roles.isEmpty }
    var isAdmin: Bool { roles.contains(.admin) }
    var isSuspended: Bool { suspendedAt != nil }
}
