import MarketCore

/// The profile page's privacy form: each setting as a choice a student reads in their own terms
/// (their own name shortened, what "campus" means on this board).
enum PrivacyChoices {
    static func fields(_ form: ProfilePagesController.PrivacyForm, errors: FieldErrors, fullName: String,
                       campusesConfigured: Bool) -> [FormField] {
        let contact: [(value: String, label: Phrase)] = [
            (PrivacySettings.ContactAudience.nobody.rawValue, "Nobody: buyers message me here"),
            (PrivacySettings.ContactAudience.campus.rawValue, "My campus's verified students"),
            (PrivacySettings.ContactAudience.signedIn.rawValue, "Anyone signed in"),
        ]
        let shown: [(value: String, label: Phrase)] = [
            ("no", "My campus only"),
            ("yes", "Everyone, on every campus"),
        ]
        let names: [(value: String, label: Phrase)] = [
            (PrivacySettings.NameStyle.firstAndInitial.rawValue, .verbatim(PrivacySettings.publicName(fullName, style: .firstAndInitial))),
            (PrivacySettings.NameStyle.full.rawValue, .verbatim(fullName)),
        ]
        let board: Phrase? = campusesConfigured ? nil : "This board has no campuses: everyone on it counts as your campus, and no one is verified."
        return [
            .select("contactAudience", "Who sees your contact details", choices: contact, selected: form.contactAudience, errors: errors,
                    hint: "Anyone who can see a listing can still message you about it."),
            .select("shownOutsideCampus", "Who sees your profile and listings", choices: shown, selected: form.shownOutsideCampus,
                    errors: errors, hint: board ?? "Only your campus's verified students see them, and moderators and the people you trade with."),
            .select("nameStyle", "How your name shows to others", choices: names, selected: form.nameStyle, errors: errors,
                    hint: "You always see your full name."),
        ]
    }
}
