import Foundation
import MarketCore
import Observation

/// The profile screen: name, username and contact; who sees what (`privacy`); a new email or password with the current
/// password; the campus (verified by a link mailed to a campus address); signing out; deleting
/// the account (with the password).
@MainActor
@Observable
public final class ProfileViewModel: ScreenModel {
    public var name = ""
    public var username = ""
    /// The campus address to verify (`requestVerification`).
    public var campusEmail = ""
    /// What the server said after mailing the link ("We mailed a link to…").
    public private(set) var verificationMessage: String?
    public var email = ""
    public var contactKind: ContactMethod.Kind = .email
    public var contactValue = ""
    /// Who sees the contact, whether others outside the campus see the profile, how the name reads.
    public var privacy: PrivacySettings = .private
    public var currentPassword = ""
    public var newPassword = ""
    /// Set after a successful save, for a "Saved" confirmation.
    public private(set) var savedAt: Date?
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let session: SessionManager

    public init(session: SessionManager) {
        self.session = session
        fill(from: session.user)
    }

    public var profile: UserProfile? { session.user }

    public func load() async {
        if await perform({ try await session.refreshUser() }) != nil { fill(from: session.user) }
    }

    /// Sends what changed. A new email or password needs `currentPassword`.
    @discardableResult
    public func save() async -> Bool {
        guard let user = session.user else { return false }
        var request = UpdateProfileRequest()
        func changed(_ typed: String, _ stored: String?) -> String? {
            let trimmed = typed.trimmingCharacters(in: .whitespaces)
            return trimmed == (stored ?? "") ? nil : trimmed
        }
        request.name = changed(name, user.name)
        request.username = changed(username, user.username)
        request.email = changed(email, user.email)
        let contactTyped = contactValue.trimmingCharacters(in: .whitespaces)
        if !contactTyped.isEmpty, contactKind != user.contact?.kind || contactTyped != user.contact?.value {
            request.contact = ContactMethod(kind: contactKind, value: contactTyped)
        }
        if privacy != user.privacy {
            let stored = user.privacy
            request.privacy = PrivacyUpdate(contactAudience: privacy.contactAudience == stored.contactAudience ? nil : privacy.contactAudience,
                                            shownOutsideCampus: privacy.shownOutsideCampus == stored.shownOutsideCampus ? nil : privacy.shownOutsideCampus,
                                            nameStyle: privacy.nameStyle == stored.nameStyle ? nil : privacy.nameStyle)
        }
        if !newPassword.isEmpty { request.newPassword = newPassword }
        if !currentPassword.isEmpty { request.currentPassword = currentPassword }
        guard checked(request.validated()) != nil else { return false }
        guard let updated: UserProfile = await perform({ try await session.client.send(ProfileEndpoint.update(request)) }) else { return false }
        session.update(updated)
        fill(from: updated)
        currentPassword = ""
        newPassword = ""
        savedAt = Date()
        return true
    }

    /// The campus as people see it: "Verified student · University of Michigan".
    public var campusLabel: String? { session.user?.campus?.label.localized }

    /// Mails a verification link to `campusEmail`; opening it verifies the account.
    @discardableResult
    public func requestVerification() async -> Bool {
        let request = CampusEmailRequest(email: campusEmail.trimmingCharacters(in: .whitespaces))
        guard let status: CampusVerificationStatus = await perform({ try await session.client.send(TrustEndpoint.requestCampusEmail(request)) }) else {
            return false
        }
        verificationMessage = status.message
        return true
    }

    /// Everything the account holds ("Download my data"), for the app to save or share; nil
    /// with `errorMessage` set when the server refused (a few per quarter hour).
    public func exportData() async -> AccountExport? {
        await perform { try await session.client.send(ProfileEndpoint.export) }
    }

    public func signOut() async {
        await session.signOut()
    }

    /// Deletes the account for good (the server asks for the password) and signs out.
    @discardableResult
    public func deleteAccount() async -> Bool {
        let request = DeleteAccountRequest(password: currentPassword.isEmpty ? nil : currentPassword)
        guard await perform({ try await session.client.send(ProfileEndpoint.delete(request)) }) != nil else { return false }
        session.forget()
        return true
    }

    private func fill(from user: UserProfile?) {
        guard let user else { return }
        name = user.name
        username = user.username ?? ""
        email = user.email
        contactKind = user.contact?.kind ?? .email
        contactValue = user.contact?.value ?? ""
        privacy = user.privacy
    }

    /// How others read the name as typed, in the chosen style ("Ann L.").
    public var publicName: String { PrivacySettings.publicName(name.trimmingCharacters(in: .whitespaces), style: privacy.nameStyle) }
}
