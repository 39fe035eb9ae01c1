import Fluent
import Foundation
import MarketCore
import SQLKit

/// Proving a campus address: a single-use link (24 hours, stored hashed) mailed through the
/// outbox, as a password reset is. Signing up with a campus address mails one at once; an
/// account that signed up another way adds its campus address later. Confirming makes the
/// address the account's campus address; one address verifies one account.
struct CampusVerificationService {
    let services: DomainServices

    static let tokenPrefix = "cmv_"
    /// Links one account may ask for in `throttleWindow`.
    static let linksPerWindow = 3
    static let throttleWindow: TimeInterval = 15 * 60

    private var database: any Database { services.database }
    private var now: Date { services.now }
    private var campuses: CampusDirectory { services.settings.campuses }

    /// At sign-up, in the registration's transaction: a campus address gets its link at once.
    func mailOnSignUp(_ user: UserRecord, on db: any Database) async throws {
        guard campuses.isConfigured, campuses.campus(forEmail: user.email) != nil else { return }
        try await enqueueLink(for: user, to: user.email, on: db)
    }

    /// `POST /api/v1/me/campus-email`: mails a link to `email`, which must be at a campus.
    func request(_ input: CampusEmailRequest, for user: UserRecord) async throws -> CampusVerificationStatus {
        let email = AccountRules.normalizeEmail(input.email)
        if let problem = AccountRules.emailProblem(email) { throw APIError.validation(["email": problem]) }
        guard campuses.isConfigured else {
            throw APIError(.conflict, code: "no_campuses", message: "This market serves no configured campus, so there is nothing to verify.")
        }
        guard let campus = campuses.campus(forEmail: email) else { throw APIError.notCampusAddress() }
        let userID = try user.requireID()
        let recent = try await EmailVerificationRecord.query(on: database).filter(\.$user.$id == userID)
            .filter(\.$createdAt > now.addingTimeInterval(-Self.throttleWindow)).all()
        if recent.count >= Self.linksPerWindow, let oldest = recent.map(\.createdAt).min() {
            throw APIError.tooManyAttempts(retryAfter: oldest.addingTimeInterval(Self.throttleWindow).timeIntervalSince(now), of: "verification mails")
        }
        try await database.tracedTransaction { db in try await enqueueLink(for: user, to: email, on: db) }
        services.mailDelivery?.wake()
        // The same answer whether or not the mailbox already verifies someone: the mail says which.
        return CampusVerificationStatus(
            message: ("We mailed a link to \(email). Open it within 24 hours to verify that you study at \(campus.name)." as Phrase).localized,
            campus: CampusMembership(id: campus.id, name: campus.name, verified: false))
    }

    /// The banner's "Resend": to the address last asked for, or the account's own.
    func resend(for user: UserRecord) async throws -> CampusVerificationStatus {
        let last = try await EmailVerificationRecord.query(on: database).filter(\.$user.$id == user.requireID())
            .sort(\.$createdAt, .descending).first()
        return try await request(CampusEmailRequest(email: last?.email ?? user.email), for: user)
    }

    /// Whose link this is, before anything is taken: the page the link opens asks that account to
    /// sign in, and a link opened by another account changes nothing.
    func owner(ofLink token: String) async throws -> UUID {
        guard let link = try await pendingLink(token) else { throw APIError.verificationLinkInvalid }
        return link.$user.id
    }

    /// `POST /api/v1/auth/email-verification` and the page the link opens: confirmed by the account
    /// that asked for the link, signed in. A link that merely reached a mailbox verifies nobody
    /// else: an attacker who asks for a victim's address cannot be verified by the victim's click.
    func confirm(_ input: EmailVerificationRequest, by signedIn: UserRecord) async throws -> CampusVerificationStatus {
        let token = input.token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let link = try await pendingLink(token) else { throw APIError.verificationLinkInvalid }
        guard link.$user.id == (try signedIn.requireID()) else { throw APIError.verificationLinkOfAnotherAccount }
        let tokenHash = link.tokenHash
        do {
            return try await database.tracedTransaction { [services, now] db in
                // Taking the link is one statement: of two confirmations racing, one finds it unused.
                let taken = try await db.sql.raw("""
                    UPDATE email_verifications SET used_at = \(bind: now)
                    WHERE token_hash = \(bind: tokenHash) AND user_id = \(bind: link.$user.id) AND used_at IS NULL AND expires_at > \(bind: now)
                    RETURNING user_id, email
                    """).first()
                guard let row = taken, let user = try await UserRecord.find(try row.decode(column: "user_id", as: UUID.self), on: db),
                      user.deletedAt == nil, let campus = services.settings.campuses.campus(forEmail: try row.decode(column: "email", as: String.self))
                else { throw APIError.verificationLinkInvalid }
                // Stored as its mailbox: `ann+two@` cannot verify a second account after `ann@` (unique index).
                try await markVerified(user, at: campus, email: try row.decode(column: "email", as: String.self), on: db)
                return CampusVerificationStatus(message: ("Your address is verified: you are a verified student of \(campus.name)." as Phrase).localized,
                                                campus: CampusMembership(id: campus.id, name: campus.name, verified: true))
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw APIError.campusEmailInUse
        }
    }

    /// An address proved some other way (the mailed sign-up link reached it): verified at once
    /// when it is at a campus and its mailbox verifies nobody else.
    func verifyProven(_ user: UserRecord, email: String, on db: any Database) async throws {
        guard let campus = campuses.campus(forEmail: email),
              try await UserRecord.query(on: db).filter(\.$campusEmail == campus.mailboxKey(of: email)).filter(\.$campusVerifiedAt != nil).first() == nil
        else { return }
        try await markVerified(user, at: campus, email: email, on: db)
    }

    private func markVerified(_ user: UserRecord, at campus: CampusDirectory.Campus, email: String, on db: any Database) async throws {
        // Stored as its mailbox: `ann+two@` cannot verify a second account after `ann@` (unique index).
        user.campusEmail = campus.mailboxKey(of: email)
        user.campusVerifiedAt = now
        user.updatedAt = now
        try await user.save(on: db)
        // The seller's listings move to the campus they proved.
        try await ListingRecord.query(on: db).filter(\.$seller.$id == user.requireID()).set(\.$campus, to: campus.id).update()
    }

    private func pendingLink(_ token: String) async throws -> EmailVerificationRecord? {
        guard token.hasPrefix(Self.tokenPrefix), token.count < 200 else { return nil }
        return try await EmailVerificationRecord.query(on: database).filter(\.$tokenHash == SessionTokens.hash(token))
            .filter(\.$usedAt == nil).filter(\.$expiresAt > now).first()
    }

    private func enqueueLink(for user: UserRecord, to email: String, on db: any Database) async throws {
        let token = Self.tokenPrefix + Base64URL.randomToken()
        let lifetime = services.settings.verificationLinkLifetime
        try await EmailVerificationRecord(userID: try user.requireID(), email: email, tokenHash: SessionTokens.hash(token),
                                          createdAt: now, expiresAt: now.addingTimeInterval(lifetime)).create(on: db)
        let link = services.settings.publicURL + "/verify-email?token=" + token
        // The reader is at the campus the address belongs to: its clock says when the link ends.
        let campus = services.trust.campuses.campus(forEmail: email)
        let expires = LocalTime(campus?.timeZone ?? services.trust.timeZone(of: user), language: Localizer.current.language).time(now.addingTimeInterval(lifetime))
        // Nobody has proved this address yet: the mail carries only our words (no name an account
        // chose), and says so when the mailbox already verifies another account.
        var taken = false
        if let campus {
            taken = try await UserRecord.query(on: db).filter(\.$campusEmail == campus.mailboxKey(of: email))
                .filter(\.$campusVerifiedAt != nil).filter(\.$id != user.requireID()).first() != nil
        }
        let body: Phrase = taken ? """
            Hello,

            Someone asked to verify this address for a CampusMarket account, but it already verifies another account, and one address verifies one account. If that account is yours, sign in to it: \(services.settings.publicURL)/signin

            If you did not ask, ignore this mail: nothing changes.

            CampusMarket
            """ : """
            Hello,

            Someone asked to verify this address for their CampusMarket account. If it was you, sign in to that account and open this link by \(expires):

            \(link)

            It works once, and only for the account that asked. If you did not ask, ignore this mail: nothing changes.

            CampusMarket
            """
        try await MailOutbox(database: db, now: now).enqueue(MailMessage(to: email, about: "Verify your campus address for CampusMarket", saying: body))
    }
}
