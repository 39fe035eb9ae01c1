import Fluent
import Foundation
import MarketCore

/// Sign-up by mailed link (`SIGNUP_BY_MAIL`, on when the server sends mail): asking answers the
/// same whatever the address, so the sign-up form tells nobody who has an account. The address's
/// owner gets either a link that creates the account (and, at a campus, verifies it: the link
/// proved the mailbox) or a note that they have one already. The password is hashed at the
/// request, in both cases, so neither answer is slower.
struct SignUpLinks {
    let services: DomainServices

    static let tokenPrefix = "cms_"
    static let lifetime: TimeInterval = 24 * 3_600
    /// Wrong passwords a link survives; then it is spent.
    static let attempts = 5

    private var database: any Database { services.database }
    private var now: Date { services.now }

    func request(_ input: RegisterRequest, clientAddress: String) async throws -> SignUpMailed {
        try await request(APIError.draft(input.validated()), clientAddress: clientAddress)
    }

    func request(_ draft: RegistrationDraft, clientAddress: String) async throws -> SignUpMailed {
        try await services.accounts.throttleRegistration(email: draft.email, clientAddress: clientAddress)
        // A username is public (profiles show it): that it is taken says nothing of an address.
        if let username = draft.username { try await services.accounts.ensureAvailable(email: nil, username: username, exceptUserID: nil) }
        let existing = try await UserRecord.query(on: database).filter(\.$email == draft.email).filter(\.$deletedAt == nil).first()
        let hash = try await services.passwords.hash(draft.password)
        let token = Self.tokenPrefix + Base64URL.randomToken()
        let site = services.settings.publicURL
        try await database.tracedTransaction { [now] db in
            // Unfinished sign-ups hold an address, a name and a password hash: gone a day after their link.
            try await Self.forgetPending(before: now.addingTimeInterval(-86_400), on: db)
            let outbox = MailOutbox(database: db, now: now)
            guard existing == nil else {
                return try await outbox.enqueue(MailMessage(to: draft.email, about: "You already have a CampusMarket account", saying: """
                    Hello,

                    Someone, we hope you, tried to create a CampusMarket account with this address, which already has one. Sign in: \(site)/signin

                    Forgot the password? Choose a new one: \(site)/password/forgot

                    If it was not you, ignore this mail: nothing changes.

                    CampusMarket
                    """))
            }
            try await Self.insertPending(draft, passwordHash: hash, tokenHash: SessionTokens.hash(token), at: now, on: db)
            // Nobody has proved this address yet: our words only, no name anyone typed.
            try await outbox.enqueue(MailMessage(to: draft.email, about: "Finish creating your CampusMarket account", saying: """
                Hello,

                Someone, we hope you, asked to create a CampusMarket account with this address. To finish, open this link within 24 hours and give the password you chose:

                \(site)/signup/confirm?token=\(token)

                It works once. If you did not ask, ignore this mail: no account is made.

                CampusMarket
                """))
        }
        services.mailDelivery?.wake()
        return .message(to: draft.email)
    }

    /// Creates the account the link was mailed for and signs it in, given the password chosen when
    /// signing up. A used, expired or made-up link creates nothing (422), and is looked up before
    /// any password is hashed; five wrong passwords spend it. An address taken meanwhile is named
    /// (the asker proved it is theirs).
    func confirm(_ input: SignUpConfirmation) async throws -> AuthResponse {
        let token = input.token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.hasPrefix(Self.tokenPrefix), token.count < 200 else { throw APIError.signUpLinkInvalid }
        let tokenHash = SessionTokens.hash(token)
        guard let passwordHash = try await Self.pendingPasswordHash(tokenHash: tokenHash, at: now, on: database) else {
            throw APIError.signUpLinkInvalid
        }
        guard let password = input.password, !password.isEmpty else {
            throw APIError.validation(["password": "is required: the one you chose when signing up"])
        }
        guard try await services.passwords.verify(password, created: passwordHash) else {
            try await Self.countFailure(tokenHash: tokenHash, on: database)
            throw APIError.validation(["password": "is not the one chosen when signing up"])
        }
        do {
            return try await database.tracedTransaction { [services, now] db in
                // Taking the link is one statement: of two clicks racing, one finds it unused.
                guard let user = try await Self.take(tokenHash: tokenHash, at: now, on: db) else { throw APIError.signUpLinkInvalid }
                let email = user.email
                try await user.create(on: db)
                let scoped = services.on(db)
                try await scoped.campusVerification.verifyProven(user, email: email, on: db)
                return try await scoped.signIn(user)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw APIError(.conflict, code: "email_taken", message: "This address has an account already: sign in, or choose a new password.",
                           fields: ["email": "already has an account"])
        }
    }
}
