import Fluent
import Foundation
import MarketCore
import SQLKit

/// Sign in with Apple's rules: single-use nonces, accounts keyed by Apple's `sub`, no merging
/// into an existing account by email (that would hand a password account to whoever controls
/// an Apple ID with its address): the owner signs in and links Apple from the profile instead.
struct AppleSignInService {
    let services: DomainServices

    static let nonceLifetime: TimeInterval = 10 * 60
    static let defaultName = "CampusMarket student"

    private var database: any Database { services.database }
    private var now: Date { services.now }

    /// A nonce for one sign-in, or (web) for linking Apple to the account `linking`: the web
    /// flow's answer arrives without the session cookie, so the nonce remembers whose it is.
    func issueNonce(linking userID: UUID? = nil, clientAddress: String) async throws -> AppleNonce {
        let nonce = Base64URL.randomToken()
        try await services.challengeThrottle.issuing(nonce, clientAddress: clientAddress)
        let expiresAt = now.addingTimeInterval(Self.nonceLifetime)
        try await AppleNonceRecord(nonceHash: SessionTokens.hash(nonce), expiresAt: expiresAt, userID: userID).create(on: database)
        return AppleNonce(nonce: nonce, expiresAt: expiresAt)
    }

    /// What the web flow's answer from Apple did.
    enum WebOutcome {
        case signedIn(AuthResponse, created: Bool)
        case linked
    }

    /// The web flow's end: Apple's verified token and the raw nonce this browser kept. A nonce
    /// issued for linking links Apple to its account; any other signs in.
    func finishWebFlow(_ identity: AppleIdentity, nonce: String, name: String?) async throws -> WebOutcome {
        let issued = try await AppleNonceRecord.query(on: database).filter(\.$nonceHash == SessionTokens.hash(nonce)).first()
        guard let issued else { throw APIError.appleNonceInvalid }
        guard let userID = issued.userID else {
            let result = try await signIn(identity, nonce: nonce, name: name)
            return .signedIn(result.answer, created: result.created)
        }
        guard let user = try await UserRecord.find(userID, on: database), user.deletedAt == nil else { throw APIError.appleNonceInvalid }
        _ = try await link(user, identity: identity, nonce: nonce)
        return .linked
    }

    /// Signs in the account linked to this Apple ID, or creates one (`created`).
    func signIn(_ identity: AppleIdentity, nonce: String?, name: String?) async throws -> (answer: AuthResponse, created: Bool) {
        let result = try await signInOrCreate(identity, nonce: nonce, name: name)
        try await forgiveNonce(of: identity)
        return result
    }

    private func signInOrCreate(_ identity: AppleIdentity, nonce: String?, name: String?) async throws -> (answer: AuthResponse, created: Bool) {
        do {
            return try await database.tracedTransaction { [services, now] db in
                try await Self.consumeNonce(of: identity, given: nonce, forLinking: nil, on: db, now: now)
                let scoped = services.on(db)
                if let user = try await Self.linkedUser(identity.subject, on: db) {
                    return (try await Self.session(for: user, services: scoped), false)
                }
                let user = try await Self.newAccount(for: identity, name: name, on: db, now: now)
                return (try await Self.session(for: user, services: scoped), true)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // A first sign-in racing another with the same Apple ID: the other made the account.
            guard let user = try await Self.linkedUser(identity.subject, on: database) else { throw APIError.appleEmailInUse }
            return (try await Self.session(for: user, services: services), false)
        }
    }

    /// Links this Apple ID to the signed-in account, so either way of signing in reaches it.
    func link(_ user: UserRecord, identity: AppleIdentity, nonce: String?) async throws -> UserProfile {
        let userID = try user.requireID()
        try await database.tracedTransaction { [now] db in
            try await Self.consumeNonce(of: identity, given: nonce, forLinking: userID, on: db, now: now)
            if let owner = try await Self.linkedUser(identity.subject, on: db), owner.id != user.id {
                throw APIError(.conflict, code: "apple_already_linked", message: "This Apple ID already signs in to another CampusMarket account.")
            }
            if let current = user.appleSubject, current != identity.subject {
                throw APIError(.conflict, code: "apple_already_linked", message: "Another Apple ID is linked to your account; unlink it first.")
            }
            user.appleSubject = identity.subject
            user.updatedAt = now
            try await user.save(on: db)
        }
        try await forgiveNonce(of: identity)
        return try services.trust.profile(of: user)
    }

    /// Unlinks Apple while another way to sign in remains.
    func unlink(_ session: Session) async throws -> UserProfile {
        let user = session.user
        guard try await SignInMethods(user: user, database: database).remaining(withoutApple: true) > 0 else {
            throw APIError.lastSignInMethod(
                "Apple is your only way to sign in. Add a passkey or set a password first (\"Forgot your password?\" mails you a link), then unlink Apple.")
        }
        user.appleSubject = nil
        user.updatedAt = now
        try await user.save(on: database)
        return try services.trust.profile(of: user)
    }

    // MARK: - Helpers

    /// The nonce this identity's token carried was answered: it no longer counts against the
    /// address that asked for it (`ChallengeThrottle`).
    private func forgiveNonce(of identity: AppleIdentity) async throws {
        if let hash = identity.nonceHash { try await services.challengeThrottle.answered(challengeHash: hash) }
    }

    /// The token must carry the hash of a nonce this server issued, unused and unexpired; taking
    /// it is one statement, so a replayed token finds it used. A nonce the web flow issued to
    /// link an account serves only that link (`forLinking`); the API's serve any sign-in or link.
    private static func consumeNonce(of identity: AppleIdentity, given raw: String?, forLinking userID: UUID?,
                                     on db: any Database, now: Date) async throws {
        guard let hash = identity.nonceHash else { throw APIError.appleNonceInvalid }
        if let raw, SessionTokens.hash(raw) != hash { throw APIError.appleNonceInvalid }
        let owner: SQLQueryString = userID.map { "(user_id IS NULL OR user_id = \(bind: $0))" } ?? "user_id IS NULL"
        let taken = try await db.sql.raw("""
            UPDATE apple_nonces SET used_at = \(bind: now)
            WHERE nonce_hash = \(bind: hash) AND \(owner) AND used_at IS NULL AND expires_at > \(bind: now)
            RETURNING id
            """).first()
        guard taken != nil else { throw APIError.appleNonceInvalid }
    }

    private static func linkedUser(_ subject: String, on db: any Database) async throws -> UserRecord? {
        try await UserRecord.query(on: db).filter(\.$appleSubject == subject).filter(\.$deletedAt == nil).first()
    }

    /// A new account for this Apple ID. A real address already in use is refused (sign in and
    /// link instead); a private relay address is the contact email, and never used to merge.
    private static func newAccount(for identity: AppleIdentity, name: String?, on db: any Database, now: Date) async throws -> UserRecord {
        let email = identity.email ?? "apple-\(identity.subject.lowercased())@apple.invalid"
        if try await UserRecord.query(on: db).filter(\.$email == email).count() > 0 { throw APIError.appleEmailInUse }
        let user = UserRecord(email: email, username: nil, name: name ?? defaultName, passwordHash: nil, now: now)
        user.appleSubject = identity.subject
        if identity.isPrivateEmail {
            user.contact = ContactMethod(kind: .email, value: email)
        }
        try await user.create(on: db)
        return user
    }

    private static func session(for user: UserRecord, services: DomainServices) async throws -> AuthResponse {
        try await services.signIn(user)
    }
}
