import Foundation
import MarketCore
import Observation

/// The profile screen: name, username, campus and contact; a new email or password with the
/// current password; signing out; deleting the account (with the password).
@MainActor
@Observable
public final class ProfileViewModel: ScreenModel {
    public var name = ""
    public var username = ""
    public var campus = ""
    public var email = ""
    public var contactKind: ContactMethod.Kind = .email
    public var contactValue = ""
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
        request.campus = changed(campus, user.campus)
        request.email = changed(email, user.email)
        let contactTyped = contactValue.trimmingCharacters(in: .whitespaces)
        if !contactTyped.isEmpty, contactKind != user.contact?.kind || contactTyped != user.contact?.value {
            request.contact = ContactMethod(kind: contactKind, value: contactTyped)
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
        campus = user.campus ?? ""
        email = user.email
        contactKind = user.contact?.kind ?? .email
        contactValue = user.contact?.value ?? ""
    }
}
