import Fluent
import Foundation
import MarketCore
import SQLKit

/// "Forgot your password": a single-use link mailed to the account's address. The request
/// answers the same whether or not an account uses the address, and is throttled per address
/// and per account like sign-in; confirming sets the password, signs out every device and signs
/// in this one.
struct PasswordResetService {
    let services: DomainServices

    static let tokenPrefix = "cmr_"
    /// In the language of the one asking (`Localizer.current`: the request's).
    static var accepted: PasswordResetAccepted {
        PasswordResetAccepted(message: ("If an account uses this email, a link to choose a new password is on its way. It works once, for 30 minutes." as Phrase).localized)
    }

    private var database: any Database { services.database }
    private var now: Date { services.now }

    func request(_ input: PasswordResetRequest, clientAddress: String) async throws {
        let email = try APIError.draft(input.validated())
        let user = try await UserRecord.query(on: database).filter(\.$email == email).filter(\.$deletedAt == nil).first()
        // Both keys throttle the same, so a 429 does not tell whether the account exists.
        let accountKey = try user.map { "reset:" + AccountService.throttleKey(try $0.requireID()) } ?? "reset:email:\(email)"
        // Mail to one address is limited from every client together (a mailbox is not to be
        // flooded from many addresses), unlike sign-in's guesses.
        _ = try await services.throttle(perTarget: services.settings.loginThrottle.maxFailuresPerAccount)
            .begin(accountKey: accountKey, clientAddress: "reset:" + clientAddress, of: "password reset requests")
        guard let user else { return }
        let token = Self.tokenPrefix + Base64URL.randomToken()
        let lifetime = services.settings.passwordResetLifetime
        let link = services.settings.publicURL + "/password/reset?token=" + token
        try await database.tracedTransaction { [now] db in
            try await PasswordResetRecord(userID: try user.requireID(), tokenHash: SessionTokens.hash(token),
                                          createdAt: now, expiresAt: now.addingTimeInterval(lifetime)).create(on: db)
            try await MailOutbox(database: db, now: now).enqueue(Self.mail(to: user, link: link, minutes: Int(lifetime / 60)))
        }
        services.mailDelivery?.wake()
    }

    func confirm(_ input: PasswordResetConfirmation) async throws -> AuthResponse {
        let draft = try APIError.draft(input.validated())
        let tokenHash = SessionTokens.hash(draft.token)
        // The cheap check first: hashing the new password costs a core for a third of a second, so a
        // made-up token must be turned away before it (or anyone could spend the server's CPU).
        guard draft.token.hasPrefix(Self.tokenPrefix),
              try await PasswordResetRecord.query(on: database).filter(\.$tokenHash == tokenHash)
                  .filter(\.$usedAt == nil).filter(\.$expiresAt > now).first() != nil
        else { throw APIError.resetLinkInvalid }
        let hash = try await services.passwords.hash(draft.newPassword)
        return try await database.tracedTransaction { [services, now] db in
            // Taking the token is one statement, so of two confirmations racing only one finds it unused.
            let taken = try await db.sql.raw("""
                UPDATE password_resets SET used_at = \(bind: now)
                WHERE token_hash = \(bind: tokenHash) AND used_at IS NULL AND expires_at > \(bind: now)
                RETURNING user_id
                """).first()
            guard let userID = try taken?.decode(column: "user_id", as: UUID.self),
                  let user = try await UserRecord.query(on: db).filter(\.$id == userID).filter(\.$deletedAt == nil).first()
            else { throw APIError.resetLinkInvalid }
            user.passwordHash = hash
            user.updatedAt = now
            try await user.save(on: db)
            // Whoever knew the old password, or held a session or another link, is out.
            try await PasswordResetRecord.query(on: db).filter(\.$user.$id == userID).filter(\.$usedAt == nil)
                .set(\.$usedAt, to: now).update()
            let scoped = services.on(db)
            try await scoped.sessionTokens.revokeAll(userID: userID)
            try await scoped.loginThrottle.clear(accountKey: AccountService.throttleKey(userID))
            return try await scoped.signIn(user)
        }
    }

    static func mail(to user: UserRecord, link: String, minutes: Int) -> MailMessage {
        MailMessage(to: user.email, about: "Choose a new CampusMarket password", saying: """
            Hello,

            Someone, we hope you, asked to reset the password of your CampusMarket account. To choose a new password, open this link within \(minutes) minutes:

            \(link)

            The link works once. If you did not ask, ignore this mail: your password stays as it is.

            CampusMarket
            """)
    }
}
