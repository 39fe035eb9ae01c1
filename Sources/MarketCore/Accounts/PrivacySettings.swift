import Foundation

/// What a student shows of themself to others. A new account starts with the private choices
/// (`.private`); accounts made before these settings existed keep what they were shown as then.
public struct PrivacySettings: Codable, Sendable, Equatable {
    /// Who sees the contact details on the student's listings and profile. Everyone can still
    /// message them on a listing.
    public enum ContactAudience: String, OpenEnum {
        /// Messages only.
        case nobody
        /// Verified students of the same campus.
        case campus
        /// Anyone signed in (with `REQUIRE_VERIFIED` on, any verified student).
        case signedIn
        case unknown

        public static let allCases: [ContactAudience] = [.nobody, .campus, .signedIn]
    }

    /// How the student's name reads to everyone else; they always see their full name.
    public enum NameStyle: String, OpenEnum {
        /// "Ann Lee"
        case full
        /// "Ann L."
        case firstAndInitial
        case unknown

        public static let allCases: [NameStyle] = [.full, .firstAndInitial]
    }

    public var contactAudience: ContactAudience
    /// Whether the profile and listings are shown to people who are not verified students of
    /// the same campus (signed out, unverified, or of another campus). Boards without
    /// configured campuses are one campus: there it changes nothing.
    public var shownOutsideCampus: Bool
    public var nameStyle: NameStyle

    public init(contactAudience: ContactAudience, shownOutsideCampus: Bool, nameStyle: NameStyle) {
        self.contactAudience = contactAudience
        self.shownOutsideCampus = shownOutsideCampus
        self.nameStyle = nameStyle
    }

    /// A new account's settings: the private ones.
    public static let `private` = PrivacySettings(contactAudience: .nobody, shownOutsideCampus: false, nameStyle: .firstAndInitial)

    /// What an account made before the settings existed was shown as: its contact to anyone
    /// signed in, everywhere, with its full name.
    public static let unchanged = PrivacySettings(contactAudience: .signedIn, shownOutsideCampus: true, nameStyle: .full)

    /// `name` as others read it in this style: "Ann Lee" → "Ann L." (a one-word name stays whole).
    public static func publicName(_ name: String, style: NameStyle) -> String {
        guard style == .firstAndInitial else { return name }
        let words = name.split(whereSeparator: \.isWhitespace)
        guard words.count > 1, let first = words.first, let initial = words.last?.first else { return name }
        return "\(first) \(initial)."
    }
}
