import Foundation
import MarketCore
import Observation

/// The sign-up screen: name, email, optional username and password, with each field's
/// problem shown before anything is sent.
@MainActor
@Observable
public final class SignUpViewModel: ScreenModel {
    public var name = ""
    public var email = ""
    public var username = ""
    public var password = ""
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let session: SessionManager

    public init(session: SessionManager) {
        self.session = session
    }

    /// On a server that confirms sign-ups by mail: what it said ("We mailed a link to…"); the
    /// screen shows it instead of the form, and the app finishes with ``confirmSignUp(token:)``.
    public private(set) var mailedMessage: String?

    /// Creates the account and signs in (or, confirming by mail, sets `mailedMessage`); true on success.
    @discardableResult
    public func signUp() async -> Bool {
        let request = RegisterRequest(email: email, password: password, name: name,
                                      username: username.trimmingCharacters(in: .whitespaces).isEmpty ? nil : username)
        guard checked(request.validated()) != nil else { return false }
        guard let outcome = await perform({ try await session.register(request) }) else { return false }
        if case .mailed(let mailed) = outcome { mailedMessage = mailed.message }
        return true
    }

    /// The mailed link opened in the app (a universal link's `token`), with `password` typed again:
    /// creates the account, signs in.
    @discardableResult
    public func confirmSignUp(token: String) async -> Bool {
        await perform { try await session.confirmRegistration(token: token, password: password) } != nil
    }
}
