import Foundation
import MarketCore
import Observation

/// The sign-in screen: email or username and password, checked before sending; a wrong
/// password is one sentence that names neither field (the server does not say which was wrong).
@MainActor
@Observable
public final class SignInViewModel: ScreenModel {
    public var login = ""
    public var password = ""
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let session: SessionManager

    public init(session: SessionManager) {
        self.session = session
    }

    public var canSubmit: Bool { !login.isEmpty && !password.isEmpty && !isLoading }

    /// Signs in; true when the session is now signed in. Once sent, the password is cleared
    /// whatever the answer, so it does not linger in memory or on screen.
    @discardableResult
    public func signIn() async -> Bool {
        let request = LoginRequest(login: login, password: password)
        guard checked(request.validated()) != nil else { return false }
        let signedIn = await perform { try await session.signIn(request) } != nil
        password = ""
        return signedIn
    }

    /// Asks for a reset link for the email typed; the answer is the same whether or not an
    /// account uses it.
    public func requestPasswordReset() async -> String? {
        let request = PasswordResetRequest(email: login)
        guard checked(request.validated()) != nil else { return nil }
        let accepted: PasswordResetAccepted? = await perform {
            try await session.client.send(AuthEndpoint.requestPasswordReset(request))
        }
        return accepted?.message
    }
}
