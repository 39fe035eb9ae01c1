import Fluent
import Foundation
import Logging
import MarketCore
import SQLKit
import Vapor

/// Passkeys: the two WebAuthn ceremonies (options, then finish) with single-use challenges,
/// and the account's list of passkeys. The cryptographic checks are `WebAuthnVerifier`'s.
struct PasskeyService {
    let services: DomainServices

    static let challengeLifetime: TimeInterval = 5 * 60
    static let maxPerAccount = 20
    static let relyingPartyName = "CampusMarket"
    /// Passkeys must verify the person: they stand in for the password, not next to it.
    static let userVerification = "required"

    private var database: any Database { services.database }
    private var now: Date { services.now }
    private var verifier: WebAuthnVerifier {
        WebAuthnVerifier(relyingPartyID: services.settings.passkeyRelyingPartyID, origins: services.settings.passkeyOrigins)
    }

    /// The user handle authenticators keep with a passkey: the account id's 16 bytes (opaque;
    /// never the email).
    static func userHandle(of userID: UUID) -> Data { withUnsafeBytes(of: userID.uuid) { Data($0) } }

    // MARK: Registration

    func creationOptions(for session: Session) async throws -> PasskeyOptions.Creation {
        let user = session.user
        let userID = try user.requireID()
        let existing = try await PasskeyRecord.query(on: database).filter(\.$user.$id == userID).all()
        guard existing.count < Self.maxPerAccount else {
            throw APIError(.conflict, code: "too_many_passkeys", message: "An account has at most \(Self.maxPerAccount) passkeys; remove one first.")
        }
        let challenge = try await issueChallenge(.registration, userID: userID)
        return PasskeyOptions.Creation(
            challenge: challenge,
            rp: .init(id: services.settings.passkeyRelyingPartyID, name: Self.relyingPartyName),
            user: .init(id: Base64URL.encode(Self.userHandle(of: userID)), name: user.username ?? user.email, displayName: user.name),
            pubKeyCredParams: COSEKey.supportedAlgorithms.map(PasskeyOptions.Parameter.init(alg:)),
            timeout: Int(Self.challengeLifetime * 1000), attestation: "none",
            excludeCredentials: existing.map { PasskeyOptions.Descriptor(id: $0.credentialID, transports: $0.transportList) },
            authenticatorSelection: .init(residentKey: "required", requireResidentKey: true, userVerification: Self.userVerification))
    }

    /// Verifies the authenticator's answer to `creationOptions` and keeps the new passkey.
    func register(_ session: Session, _ input: PasskeyRegistrationRequest) async throws -> Passkey {
        let draft = try APIError.draft(input.validated())
        let userID = try session.user.requireID()
        let credential: AuthenticatorData.AttestedCredential
        let signCount: UInt32
        do {
            let clientData = try verifier.clientData(draft.clientDataJSON, type: WebAuthnVerifier.creationType)
            try await useChallenge(clientData.challenge, .registration, userID: userID, refusal: .unprocessableEntity)
            (credential, signCount) = try verifier.registeredCredential(attestationObject: draft.attestationObject, credentialID: draft.credentialID)
        } catch let error as WebAuthnError {
            throw APIError.passkeyInvalid(error)
        }
        let record = PasskeyRecord(userID: userID, credentialID: Base64URL.encode(credential.id), publicKey: credential.publicKeyBytes,
                                   algorithm: credential.publicKey.algorithm, signCount: Int64(signCount), name: draft.name,
                                   transports: draft.transports, createdAt: now)
        do {
            try await record.create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw APIError(.conflict, code: "passkey_already_registered", message: "This passkey is already registered.")
        }
        return try record.passkey()
    }

    // MARK: Authentication

    func requestOptions(clientAddress: String) async throws -> PasskeyOptions.Request {
        // Anyone may ask: each address's unanswered challenges are limited, and what expired an
        // hour ago is swept, so the table stays small.
        let challenge = Base64URL.randomToken()
        try await services.challengeThrottle.issuing(challenge, clientAddress: clientAddress)
        try await PasskeyChallengeRecord.query(on: database).filter(\.$expiresAt < now.addingTimeInterval(-3600)).delete()
        try await store(challenge, .authentication, userID: nil)
        return PasskeyOptions.Request(challenge: challenge, rpId: services.settings.passkeyRelyingPartyID,
                                      timeout: Int(Self.challengeLifetime * 1000), userVerification: Self.userVerification)
    }

    /// Verifies an assertion and signs its account in. A signature counter that does not grow
    /// means the passkey was copied: refused and logged.
    func signIn(_ input: PasskeySignInRequest, logger: Logger) async throws -> AuthResponse {
        let draft = try APIError.draft(input.validated())
        let challenge: String
        do {
            challenge = try verifier.clientData(draft.clientDataJSON, type: WebAuthnVerifier.assertionType).challenge
            try await useChallenge(challenge, .authentication, userID: nil, refusal: .unauthorized)
        } catch let error as WebAuthnError {
            throw APIError.passkeyRejected(error.description)
        }
        guard let passkey = try await PasskeyRecord.query(on: database).filter(\.$credentialID == Base64URL.encode(draft.credentialID))
            .with(\.$user).first(), passkey.user.deletedAt == nil else {
            throw APIError.passkeyRejected("this passkey is not registered here (it may have been removed)")
        }
        let userID = try passkey.user.requireID()
        if let handle = draft.userHandle, handle != Self.userHandle(of: userID) {
            throw APIError.passkeyRejected("the passkey belongs to another account than the one it names")
        }
        let signCount: UInt32
        do {
            signCount = try verifier.assertedSignCount(authenticatorData: draft.authenticatorData, clientDataJSON: draft.clientDataJSON,
                                                       signature: draft.signature, key: COSEKey(stored: passkey.publicKey))
        } catch let error as WebAuthnError {
            throw APIError.passkeyRejected(error.description)
        }
        guard try await advanceSignCount(of: passkey, to: Int64(signCount)) else {
            logger.warning("passkey \(passkey.id?.uuidString ?? "?") presented sign count \(signCount) after \(passkey.signCount): possibly cloned; refused")
            throw APIError.passkeyRejected("its signature counter went backwards, a sign it was copied. Sign in another way and remove it")
        }
        let response = try await services.signIn(passkey.user)
        try await services.challengeThrottle.answered(challengeHash: SessionTokens.hash(challenge))
        return response
    }

    // MARK: The account's passkeys

    func list(_ session: Session) async throws -> [Passkey] {
        try await PasskeyRecord.query(on: database).filter(\.$user.$id == session.user.requireID())
            .sort(\.$createdAt).sort(\.$id).all().map { try $0.passkey() }
    }

    func rename(_ session: Session, id: UUID, _ input: PasskeyRename) async throws -> Passkey {
        let name = try APIError.draft(input.validated())
        let passkey = try await owned(id, by: session)
        passkey.name = name
        try await passkey.save(on: database)
        return try passkey.passkey()
    }

    /// Removes a passkey while another way to sign in remains.
    func remove(_ session: Session, id: UUID) async throws {
        let passkey = try await owned(id, by: session)
        guard try await SignInMethods(user: session.user, database: database).remaining(withoutPasskey: passkey.requireID()) > 0 else {
            throw APIError.lastSignInMethod(
                "This passkey is your only way to sign in. Add another passkey or set a password (\"Forgot your password?\" mails you a link) first.")
        }
        try await passkey.delete(on: database)
    }

    // MARK: - Helpers

    private func owned(_ id: UUID, by session: Session) async throws -> PasskeyRecord {
        guard let passkey = try await PasskeyRecord.find(id, on: database), passkey.$user.id == session.user.id else {
            throw APIError.passkeyNotFound
        }
        return passkey
    }

    private func issueChallenge(_ purpose: PasskeyChallengeRecord.Purpose, userID: UUID?) async throws -> String {
        let challenge = Base64URL.randomToken()
        try await store(challenge, purpose, userID: userID)
        return challenge
    }

    private func store(_ challenge: String, _ purpose: PasskeyChallengeRecord.Purpose, userID: UUID?) async throws {
        try await PasskeyChallengeRecord(challenge: challenge, purpose: purpose, userID: userID,
                                         expiresAt: now.addingTimeInterval(Self.challengeLifetime)).create(on: database)
    }

    /// Takes the challenge in one statement, so two answers to one challenge cannot both pass.
    private func useChallenge(_ challenge: String, _ purpose: PasskeyChallengeRecord.Purpose, userID: UUID?,
                              refusal: HTTPResponseStatus) async throws {
        let owner: SQLQueryString = userID.map { "user_id = \(bind: $0)" } ?? "user_id IS NULL"
        let taken = try await database.sql.raw("""
            UPDATE passkey_challenges SET used_at = \(bind: now)
            WHERE challenge = \(bind: challenge) AND purpose = \(bind: purpose.rawValue) AND \(owner)
              AND used_at IS NULL AND expires_at > \(bind: now)
            RETURNING id
            """).first()
        guard taken != nil else { throw APIError.passkeyChallengeInvalid(status: refusal) }
    }

    /// Stores the new counter if it grew (or both are 0: authenticators that keep no counter,
    /// like synced passkeys, always send 0). One conditional statement, so two sign-ins racing
    /// with one counter value cannot both pass.
    private func advanceSignCount(of passkey: PasskeyRecord, to count: Int64) async throws -> Bool {
        let updated = try await database.sql.raw("""
            UPDATE passkeys SET sign_count = \(bind: count), last_used_at = \(bind: now)
            WHERE id = \(bind: passkey.requireID()) AND (sign_count < \(bind: count) OR (sign_count = 0 AND \(bind: count) = 0))
            RETURNING id
            """).first()
        return updated != nil
    }
}

extension PasskeyRecord {
    var transportList: [String]? {
        transports.isEmpty ? nil : transports.split(separator: ",").map(String.init)
    }
}
