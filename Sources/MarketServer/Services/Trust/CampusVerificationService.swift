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
        try await database.transaction { db in try await enqueueLink(for: user, to: email, on: db) }
        services.mailDelivery?.wake()
        return CampusVerificationStatus(
            message: "We mailed a link to \(email). Open it within 24 hours to verify that you study at \(campus.name).",
            campus: CampusMembership(id: campus.id, name: campus.name, verified: false))
    }

    /// The banner's "Resend": to the address last asked for, or the account's own.
    func resend(for user: UserRecord) async throws -> CampusVerificationStatus {
        let last = try await EmailVerificationRecord.query(on: database).filter(\.$user.$id == user.requireID())
            .sort(\.$createdAt, .descending).first()
        return try await request(CampusEmailRequest(email: last?.email ?? user.email), for: user)
    }

    /// `POST /api/v1/auth/email-verification` and the page the link opens: the link's holder
    /// need not be signed in (it may open on another device).
    func confirm(_ input: EmailVerificationRequest) async throws -> CampusVerificationStatus {
        let token = input.token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.hasPrefix(Self.tokenPrefix), token.count < 200 else { throw APIError.verificationLinkInvalid }
        let tokenHash = SessionTokens.hash(token)
        do {
            return try await database.transaction { [services, now] db in
                // Taking the link is one statement: of two confirmations racing, one finds it unused.
                let taken = try await db.sql.raw("""
                    UPDATE email_verifications SET used_at = \(bind: now)
                    WHERE token_hash = \(bind: tokenHash) AND used_at IS NULL AND expires_at > \(bind: now)
                    RETURNING user_id, email
                    """).first()
                guard let row = taken, let user = try await UserRecord.find(try row.decode(column: "user_id", as: UUID.self), on: db),
                      user.deletedAt == nil, let campus = services.settings.campuses.campus(forEmail: try row.decode(column: "email", as: String.self))
                else { throw APIError.verificationLinkInvalid }
                user.campusEmail = try row.decode(column: "email", as: String.self)
                user.campusVerifiedAt = now
                user.updatedAt = now
                try await user.save(on: db)
                // The seller's listings move to the campus they proved.
                try await ListingRecord.query(on: db).filter(\.$seller.$id == user.requireID()).set(\.$campus, to: campus.id).update()
                return CampusVerificationStatus(message: "Your address is verified: you are a verified student of \(campus.name).",
                                                campus: CampusMembership(id: campus.id, name: campus.name, verified: true))
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw APIError(.conflict, code: "campus_email_in_use",
                           message: "This campus address already verifies another account. Sign in to that account, or use another address.")
        }
    }

    private func enqueueLink(for user: UserRecord, to email: String, on db: any Database) async throws {
        let token = Self.tokenPrefix + Base64URL.randomToken()
        let lifetime = services.settings.verificationLinkLifetime
        try await EmailVerificationRecord(userID: try user.requireID(), email: email, tokenHash: SessionTokens.hash(token),
                                          createdAt: now, expiresAt: now.addingTimeInterval(lifetime)).create(on: db)
        let link = services.settings.publicURL + "/verify-email?token=" + token
        // The reader is at the campus the address belongs to: its clock says when the link ends.
        let expires = LocalTime(services.trust.campuses.campus(forEmail: email)?.timeZone ?? services.trust.timeZone(of: user))
            .time(now.addingTimeInterval(lifetime))
        try await MailOutbox(database: db, now: now).enqueue(MailMessage(to: email, subject: "Verify your campus address for CampusMarket", body: """
            Hello \(user.name),

            To show other students you study here, open this link by \(expires):

            \(link)

            It works once. If you did not ask for it, ignore this mail: nothing changes.

            CampusMarket
            """))
    }
}
