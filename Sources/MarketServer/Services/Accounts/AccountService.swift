import Fluent
import Foundation
import MarketCore
import Vapor

/// Account rules: registration, sign-in, profile changes and deletion. Web and API
/// controllers both call this; no rule lives in a controller.
struct AccountService {
    let services: DomainServices

    /// A sign-in this recent proves the person is present, for an account with no password.
    static let recentSignIn: TimeInterval = 10 * 60

    private var database: any Database { services.database }
    private var now: Date { services.now }

    func register(_ input: RegisterRequest, clientAddress: String) async throws -> AuthResponse {
        try await register(APIError.draft(input.validated()), clientAddress: clientAddress) { user, services in
            try await services.signIn(user)
        }
    }

    /// Sign-ups one client address may make in the throttle's window (`REGISTRATIONS_PER_ADDRESS`:
    /// a campus puts many students behind one address), and attempts at one email from anywhere:
    /// counted before anything is looked up or hashed, so neither a flood of accounts nor a walk
    /// through addresses asking which are taken goes far.
    func throttleRegistration(email: String, clientAddress: String) async throws {
        _ = try await services.throttle(perTarget: 5, perAddress: services.settings.registrationsPerAddress)
            .begin(accountKey: "register:" + email, clientAddress: "register:" + clientAddress, of: "sign-ups")
    }

    /// Creates the account and runs `then` (e.g. issuing its first session) in the same
    /// transaction, so a failure leaves no account behind.
    func register<Result: Sendable>(_ draft: RegistrationDraft, clientAddress: String,
                                    then: @escaping @Sendable (UserRecord, DomainServices) async throws -> Result) async throws -> Result {
        try await throttleRegistration(email: draft.email, clientAddress: clientAddress)
        try await ensureAvailable(email: draft.email, username: draft.username, exceptUserID: nil)
        let hash = try await services.passwords.hash(draft.password)
        do {
            let result = try await database.tracedTransaction { [services, now] db in
                let user = UserRecord(email: draft.email, username: draft.username, name: draft.name, passwordHash: hash, now: now)
                try await user.create(on: db)
                try await services.on(db).campusVerification.mailOnSignUp(user, on: db)
                return try await then(user, services.on(db))
            }
            services.mailDelivery?.wake()
            return result
        } catch {
            // Lost a race with a simultaneous registration: report which field is now taken.
            if (error as? any DatabaseError)?.isConstraintFailure == true {
                try await ensureAvailable(email: draft.email, username: draft.username, exceptUserID: nil)
            }
            throw error
        }
    }

    func login(_ input: LoginRequest, clientAddress: String) async throws -> AuthResponse {
        let draft = try APIError.draft(input.validated())
        let user = try await findActiveUser(draft.identifier)
        let accountKey = user.flatMap { $0.id.map(Self.throttleKey) } ?? "login:\(draft.identifier)"
        let attempt = try await services.loginThrottle.begin(accountKey: accountKey, clientAddress: clientAddress)
        let matches = try await services.passwords.verify(draft.password, created: user?.passwordHash ?? services.decoyPasswordHash)
        guard let user, user.passwordHash != nil, matches else { throw APIError.invalidCredentials }
        try await services.loginThrottle.succeeded(attempt)
        return try await services.signIn(user)
    }

    func logout(_ session: Session) async throws {
        try await services.sessionTokens.revoke(tokenID: session.tokenID)
    }

    /// Saves the language `user` chose (an offered tag): their pages, mails and pushes use it.
    func setLanguage(_ language: String, of user: UserRecord) async throws {
        try await UserRecord.query(on: database).filter(\.$id == user.requireID()).set(\.$language, to: language).update()
        user.language = language
    }

    func update(_ session: Session, with input: UpdateProfileRequest, clientAddress: String) async throws -> UserProfile {
        let changes = try APIError.draft(input.validated())
        let user = session.user
        let userID = try user.requireID()
        // First, so that whether an email is taken is told only to the account's owner.
        if changes.isSensitive {
            try await verifyPassword(changes.currentPassword ?? "", of: user, field: "currentPassword", clientAddress: clientAddress)
        }
        if let username = changes.username, username != user.username {
            try await ensureAvailable(email: nil, username: username, exceptUserID: userID)
        }
        if let email = changes.email, email != user.email {
            try await ensureAvailable(email: email, username: nil, exceptUserID: userID)
        }
        let newHash: String? = if let newPassword = changes.newPassword { try await services.passwords.hash(newPassword) } else { nil }
        if let name = changes.name { user.rename(name) }
        if let email = changes.email { user.email = email }
        if let username = changes.username { user.username = username }
        if let contact = changes.contact { user.contact = contact }
        let listedOutside = user.shownOutsideCampus
        if let privacy = changes.privacy { user.privacy = privacy.applied(to: user.privacy) }
        user.updatedAt = now
        do {
            try await database.tracedTransaction { db in
                if let newHash { user.passwordHash = newHash }
                if changes.isSensitive {
                    // A new password or email signs out every other device: the old password may have leaked.
                    try await services.on(db).sessionTokens.revokeAll(userID: userID, except: session.tokenID)
                }
                try await user.save(on: db)
                if user.shownOutsideCampus != listedOutside {
                    try await ListingRecord.query(on: db).filter(\.$seller.$id == userID).set(\.$campusOnly, to: !user.shownOutsideCampus).update()
                }
            }
        } catch {
            if (error as? any DatabaseError)?.isConstraintFailure == true {
                try await ensureAvailable(email: changes.email, username: changes.username, exceptUserID: userID)
            }
            throw error
        }
        return try services.trust.profile(of: user)
    }

    /// The account can no longer sign in; the row stays, anonymised, so records that name it
    /// (orders, messages) keep a party; what was only the person's own is erased (`AccountErasure`). Its email is freed for a new registration, and its open
    /// orders, offers and listings end in the same transaction. A stolen token is not enough:
    /// the person confirms with their password, or (an account without one) a recent sign-in.
    func delete(_ session: Session, confirmation: DeleteAccountRequest, clientAddress: String) async throws {
        let user = session.user
        let userID = try user.requireID()
        if user.passwordHash != nil {
            guard let password = confirmation.password, !password.isEmpty else {
                throw APIError.validation(["password": "is required to delete your account"])
            }
            try await verifyPassword(password, of: user, field: "password", clientAddress: clientAddress)
        } else if now.timeIntervalSince(session.signedInAt) > Self.recentSignIn {
            throw APIError.reauthenticationRequired
        }
        // A write transaction like an order's: it cancels orders and closes offers, whose
        // notifications and history it writes at its end.
        let files = try await services.writes.run { [services, now] tx in
            let db = tx.db
            let services = services.on(db)
            user.email = "deleted-\(userID.wireString)@deleted.invalid"
            user.username = nil
            user.privacy = PrivacySettings(contactAudience: .nobody, shownOutsideCampus: true, nameStyle: .full)  // "Deleted user", whole
            user.rename(AccountRules.deletedUserName)
            user.contact = nil
            user.passwordHash = nil
            user.appleSubject = nil
            // The campus address is freed too: its owner may verify a new account with it.
            user.campusEmail = nil
            user.campusVerifiedAt = nil
            user.deletedAt = now
            user.updatedAt = now
            try await user.save(on: db)
            try await services.sessionTokens.revokeAll(userID: userID)
            try await PasskeyRecord.query(on: db).filter(\.$user.$id == userID).delete()
            // Open orders and pending offers end first, so the listings they held are released
            // (then archived when they are the deleted user's). Completed orders stay in the
            // other party's history.
            try await services.orderLifecycle.cancelAll(of: userID, in: tx)
            try await services.tradeOffers.closeAll(of: userID, in: tx)
            try await services.listings.archiveAll(of: userID)
            try await services.loginThrottle.clear(accountKey: Self.throttleKey(userID))
            return try await AccountErasure(listings: services.listings).erase(userID, in: tx)
        }
        for file in Set(files) { try await services.photoStore.removeIfUnreferenced(file, on: database) }
    }

    // MARK: - Helpers

    static func throttleKey(_ userID: UUID) -> String { "user:\(userID.wireString)" }

    private func findActiveUser(_ identifier: LoginRequest.Identifier) async throws -> UserRecord? {
        let query = UserRecord.query(on: database).filter(\.$deletedAt == nil)
        switch identifier {
        case .email(let email): query.filter(\.$email == email)
        case .username(let username): query.filter(\.$username == username)
        }
        return try await query.first()
    }

    /// A wrong password here counts as a failed sign-in, so a stolen session cannot be used
    /// to guess the password faster than the login form allows.
    private func verifyPassword(_ password: String, of user: UserRecord, field: String, clientAddress: String) async throws {
        let attempt = try await services.loginThrottle.begin(accountKey: Self.throttleKey(try user.requireID()), clientAddress: clientAddress)
        guard let hash = user.passwordHash, try await services.passwords.verify(password, created: hash) else {
            throw APIError.wrongPassword(field: field)
        }
        try await services.loginThrottle.succeeded(attempt)
    }

    /// 409 naming the field when the email or username already belongs to another account.
    func ensureAvailable(email: String?, username: String?, exceptUserID: UUID?) async throws {
        func taken(_ filter: (QueryBuilder<UserRecord>) -> QueryBuilder<UserRecord>) async throws -> Bool {
            let query = filter(UserRecord.query(on: database))
            if let exceptUserID { query.filter(\.$id != exceptUserID) }
            return try await query.count() > 0
        }
        if let email, try await taken({ $0.filter(\.$email == email) }) {
            throw APIError(.conflict, code: "email_taken", message: "An account with this email already exists.",
                           fields: ["email": "is already registered"])
        }
        if let username, try await taken({ $0.filter(\.$username == username) }) {
            throw APIError(.conflict, code: "username_taken", message: "This username is taken.",
                           fields: ["username": "is already taken"])
        }
    }
}
