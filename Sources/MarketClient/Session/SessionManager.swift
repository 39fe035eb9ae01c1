import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarketCore
import Observation

/// The signed-in person, for a whole app: signs in (password, Apple, passkey), keeps the token
/// in a ``TokenStore`` across launches, and signs out — also by itself when the server answers
/// 401 to the token (revoked on another device, expired).
///
/// Pass `client` to the view models; it sends this session's token and keeps what they read in
/// the account's ``LocalStore`` (in `storeDirectory`), so screens open offline with what they
/// showed last. Signing out deletes that store and the photos kept.
@MainActor
@Observable
public final class SessionManager {
    public private(set) var isAuthenticated = false
    /// The signed-in person's profile, once loaded.
    public private(set) var user: UserProfile?
    /// The client every view model uses; it sends this session's token.
    @ObservationIgnored public let client: APIClient

    @ObservationIgnored private let store: any TokenStore
    @ObservationIgnored private let gate: any BiometricGate
    @ObservationIgnored private let token = LockedBox<String?>(nil)
    @ObservationIgnored private let relay = UnauthenticatedRelay()
    @ObservationIgnored private let storeDirectory: URL?

    /// - Parameters:
    ///   - server: the CampusMarket server, e.g. `https://market.campus.edu`.
    ///   - store: where the token is kept between launches.
    ///   - gate: asked before a stored session is used (Face ID, Touch ID).
    ///   - urlSession: the `URLSession` requests go through.
    ///   - storeDirectory: where the accounts' ``LocalStore``s are kept; nil keeps nothing on the
    ///     device but the token (answers in memory only).
    public init(server: URL, store: any TokenStore, gate: any BiometricGate = OpenGate(), urlSession: URLSession = .shared,
                storeDirectory: URL? = LocalStore.defaultDirectory) {
        self.store = store
        self.gate = gate
        self.storeDirectory = storeDirectory
        let token = self.token
        let relay = self.relay
        client = APIClient(baseURL: server, session: urlSession,
                           tokenProvider: { token.value },
                           onUnauthenticated: { await relay.fire() })
        relay.handler = { [weak self] in self?.forget() }
    }

    /// Opens the stored session, if there is one for this server that has not expired and the
    /// ``BiometricGate`` lets it be used; then loads the profile. False when signed out.
    @discardableResult
    public func restore(reason: String = "Sign in to CampusMarket") async -> Bool {
        guard let stored = try? store.load(), stored.server == client.baseURL, stored.expiresAt > Date() else { return false }
        guard await gate.authorize(reason: reason) else { return false }
        token.value = stored.token
        isAuthenticated = true
        openStore(for: stored.account)
        do {
            user = try await client.send(ProfileEndpoint.show)
            return true
        } catch let error as APIClientError where error.isUnauthenticated {
            return false  // `forget()` ran on the 401
        } catch {
            return true  // offline: still signed in, the profile loads later
        }
    }

    /// Signs in with an email or a username and the password.
    public func signIn(login: String, password: String) async throws {
        try await signIn(LoginRequest(login: login, password: password))
    }

    /// Signs in with a login request (``SignInViewModel`` checks it first).
    public func signIn(_ request: LoginRequest) async throws {
        _ = try request.validated().orThrow()
        try adopt(await client.send(AuthEndpoint.login(request)))
    }

    /// Creates an account and signs in to it; on a server that confirms sign-ups by mail, answers
    /// what it mailed instead (``confirmRegistration(token:password:)`` finishes, with the link's token).
    @discardableResult
    public func register(_ request: RegisterRequest) async throws -> RegistrationOutcome {
        _ = try request.validated().orThrow()
        let outcome: RegistrationOutcome = try await client.send(AuthEndpoint.register(request))
        if case .signedIn(let auth) = outcome { try adopt(auth) }
        return outcome
    }

    /// Creates the account a mailed sign-up link was for (its `token` parameter), given the
    /// password chosen when signing up, and signs in.
    public func confirmRegistration(token: String, password: String) async throws {
        try adopt(await client.send(AuthEndpoint.confirmRegistration(SignUpConfirmation(token: token, password: password))))
    }

    /// A nonce for `ASAuthorizationAppleIDRequest`; send its SHA-256 to Apple and the nonce itself back here.
    public func appleNonce() async throws -> AppleNonce {
        try await client.send(AppleEndpoint.nonce)
    }

    /// Signs in with Apple's identity token (a new account is made for a new Apple ID).
    public func signInWithApple(_ request: AppleSignInRequest) async throws {
        _ = try request.validated().orThrow()
        try adopt(await client.send(AppleEndpoint.signIn(request)))
    }

    /// Options for `ASAuthorizationPlatformPublicKeyCredentialProvider.createCredentialAssertionRequest`.
    public func passkeySignInOptions() async throws -> PasskeyOptions.Request {
        try await client.send(PasskeyEndpoint.signInOptions)
    }

    /// Signs in with the passkey assertion the authenticator made from `passkeySignInOptions()`.
    public func signInWithPasskey(_ request: PasskeySignInRequest) async throws {
        _ = try request.validated().orThrow()
        try adopt(await client.send(PasskeyEndpoint.signIn(request)))
    }

    /// Sets a new password with the token from the mailed reset link, and signs in.
    public func confirmPasswordReset(_ confirmation: PasswordResetConfirmation) async throws {
        _ = try confirmation.validated().orThrow()
        try adopt(await client.send(AuthEndpoint.confirmPasswordReset(confirmation)))
    }

    /// Loads the profile again (after an edit elsewhere).
    public func refreshUser() async throws {
        user = try await client.send(ProfileEndpoint.show)
    }

    /// Uses `profile` as the signed-in person's (after the profile screen saved it).
    public func update(_ profile: UserProfile) {
        user = profile
    }

    /// Revokes the token on the server (if it can be reached) and forgets it here, with the
    /// photos kept on the device (a campus's listings are its students' to see).
    public func signOut() async {
        if isAuthenticated { try? await client.send(AuthEndpoint.logout) }
        await client.images.removeAll()
        forget()
    }

    /// Forgets the session without asking the server (after a 401, or once the account is
    /// deleted), and deletes what the account kept on the device.
    public func forget() {
        client.store?.destroy()
        client.store = nil
        token.value = nil
        try? store.clear()
        user = nil
        isAuthenticated = false
    }

    private func adopt(_ auth: AuthResponse) throws {
        token.value = auth.token
        user = auth.user
        isAuthenticated = true
        openStore(for: auth.user.id)
        try store.save(StoredSession(token: auth.token, expiresAt: auth.expiresAt, server: client.baseURL, account: auth.user.id))
    }

    /// Opens `account`'s store for the client. A store that cannot be opened (a full disk, a file
    /// from a newer app) is started again; failing that, the app runs without one.
    private func openStore(for account: UUID?) {
        guard let storeDirectory, let account else { return }
        let file = LocalStore.file(server: client.baseURL, account: account, in: storeDirectory)
        if client.store?.file == file { return }
        client.store = (try? LocalStore(file: file)) ?? {
            LocalStore.destroy(file)
            return try? LocalStore(file: file)
        }()
    }
}

/// Carries the client's "that token was refused" to the session, which exists only after the client.
private final class UnauthenticatedRelay: @unchecked Sendable {
    private let lock = NSLock()
    private var _handler: (@MainActor @Sendable () -> Void)?

    var handler: (@MainActor @Sendable () -> Void)? {
        get { lock.withLock { _handler } }
        set { lock.withLock { _handler = newValue } }
    }

    func fire() async {
        guard let handler else { return }
        await handler()
    }
}

extension Result where Failure == FieldErrorList {
    /// The value, or ``APIClientError/invalid(_:)`` with the field errors (what the server's 422 would say).
    public func orThrow() throws(APIClientError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let list): throw .invalid(list.fields)
        }
    }
}
