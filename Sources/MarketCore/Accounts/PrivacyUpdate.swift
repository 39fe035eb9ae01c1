import Foundation

/// `privacy` in `PATCH /api/v1/me`: only the settings given change.
public struct PrivacyUpdate: Codable, Sendable, Equatable {
    public var contactAudience: PrivacySettings.ContactAudience?
    public var shownOutsideCampus: Bool?
    public var nameStyle: PrivacySettings.NameStyle?

    public init(contactAudience: PrivacySettings.ContactAudience? = nil, shownOutsideCampus: Bool? = nil,
                nameStyle: PrivacySettings.NameStyle? = nil) {
        self.contactAudience = contactAudience
        self.shownOutsideCampus = shownOutsideCampus
        self.nameStyle = nameStyle
    }

    public var isEmpty: Bool { contactAudience == nil && shownOutsideCampus == nil && nameStyle == nil }

    /// `settings` with these changes.
    public func applied(to settings: PrivacySettings) -> PrivacySettings {
        PrivacySettings(contactAudience: contactAudience ?? settings.contactAudience,
                        shownOutsideCampus: shownOutsideCampus ?? settings.shownOutsideCampus,
                        nameStyle: nameStyle ?? settings.nameStyle)
    }
}
