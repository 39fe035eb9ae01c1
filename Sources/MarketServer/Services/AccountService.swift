import Fluent
import Foundation
import MarketCore
import Vapor

/// Account rules: registration, sign-in, profile changes and deletion. Web and API
/// controllers both call this; no rule lives in a controller.
struct AccountService {
    let database: any Database
    let settings: AppSettings
    let passwords: AsyncPasswordHasher
    /// A bcrypt hash of nothing in particular, verified when the account does not exist so that
    /// a wrong email takes as long to refuse as a wrong password.
    let decoyHash: String
    /// Deleting an account tells the other parties of its open orders.
    var notificationSenders: [any NotificationSender] = [InAppNotificationSender()]
    let now: Date

    private var tokens: SessionTokens { tokens(on: database) }
    private var throttle: LoginThrottle { throttle(on: database) }

    /// Bound to `db`, e.g. a transaction's connection.
    private func tokens(on db: any Database) -> SessionTokens {
        SessionTokens(database: db, lifetime: settings.tokenLifetime, now: now)
    }

    private func throttle(on db: any Database) -> LoginThrottle {
        LoginThrottle(database: db, policy: settings.loginThrottle, now: now)
    }

    func register(_ input: RegisterRequest) async throws -> AuthResponse {
        try APIError.check(input.validate())
        let email = AccountRules.normalizeEmail(input.email ?? "")
        let username = input.username.map(AccountRules.normalizeUsername)
        try await ensureAvailable(email: email, username: username, exceptUserID: nil)
        let hash = try await passwords.hash(input.password ?? "")
        do {
            return try await database.transaction { db in
                let user = User(email: email, username: username, name: AccountRules.normalizeName(input.name ?? ""), passwordHash: hash)
                try await user.create(on: db)
                let issued = try await tokens(on: db).issue(for: user.requireID())
                return AuthResponse(user: try user.profile(), token: issued.token, expiresAt: issued.expiresAt)
            }
        } catch {
            // Lost a race with a simultaneous registration: report which field is now taken.
            if (error as? any DatabaseError)?.isConstraintFailure == true {
                try await ensureAvailable(email: email, username: username, exceptUserID: nil)
            }
            throw error
        }
    }

    func login(_ input: LoginRequest, clientAddress: String) async throws -> AuthResponse {
        try APIError.check(input.validate())
        guard let identifier = input.identifier, let password = input.password else { throw APIError.validation(input.validate()) }
        let user = try await findActiveUser(identifier)
        let accountKey = user.flatMap { $0.id.map { "user:\($0)" } } ?? "login:\(identifier)"
        try await throttle.check(accountKey: accountKey, clientAddress: clientAddress)

        let matches = try await passwords.verify(password, created: user?.passwordHash ?? decoyHash)
        guard let user, user.passwordHash != nil, matches else {
            try await throttle.recordFailure(accountKey: accountKey, clientAddress: clientAddress)
            throw APIError(.unauthorized, code: "invalid_credentials", message: "The email, username or password is incorrect.")
        }
        try await throttle.clear(accountKey: accountKey)
        let issued = try await tokens.issue(for: user.requireID())
        return AuthResponse(user: try user.profile(), token: issued.token, expiresAt: issued.expiresAt)
    }

    func logout(_ session: Session) async throws {
        try await tokens.revoke(tokenID: session.tokenID)
    }

    func update(_ session: Session, with input: UpdateProfileRequest, clientAddress: String) async throws -> UserProfile {
        try APIError.check(input.validate())
        let user = session.user
        let userID = try user.requireID()
        let username = input.username.map(AccountRules.normalizeUsername)
        if let username, username != user.username {
            try await ensureAvailable(email: nil, username: username, exceptUserID: userID)
        }
        let newHash: String?
        if let newPassword = input.newPassword {
            try await verifyCurrentPassword(input.currentPassword ?? "", of: user, clientAddress: clientAddress)
            newHash = try await passwords.hash(newPassword)
        } else {
            newHash = nil
        }
        if let name = input.name { user.name = AccountRules.normalizeName(name) }
        if let username { user.username = username }
        if let campus = input.campus { user.campus = campus.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let contact = input.contact {
            user.contact = ContactMethod(kind: contact.kind, value: contact.value.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        do {
            try await database.transaction { db in
                if let newHash {
                    user.passwordHash = newHash
                    // A new password signs out every other device: the old one may have leaked.
                    try await tokens(on: db).revokeAll(userID: userID, except: session.tokenID)
                }
                try await user.save(on: db)
            }
        } catch {
            if (error as? any DatabaseError)?.isConstraintFailure == true {
                try await ensureAvailable(email: nil, username: username, exceptUserID: userID)
            }
            throw error
        }
        return try user.profile()
    }

    /// The account can no longer sign in; the row stays, anonymised, so records that name it
    /// (orders, messages) keep a party. Its email is freed for a new registration, and its open
    /// listings are archived in the same transaction.
    func delete(_ session: Session) async throws {
        let user = session.user
        let userID = try user.requireID()
        try await database.transaction { db in
            user.email = "deleted-\(userID.uuidString.lowercased())@deleted.invalid"
            user.username = nil
            user.name = "Deleted user"
            user.contact = nil
            user.passwordHash = nil
            user.deletedAt = now
            try await user.save(on: db)
            try await tokens(on: db).revokeAll(userID: userID)
            // Open orders and pending offers end first, so the listings they held are released
            // (then archived when they are the deleted user's). Completed orders stay in the
            // other party's history.
            let recorder = OrderRecorder(notifier: Notifier(senders: notificationSenders, now: now), now: now)
            let writes = WriteTransactions(database: db, gate: nil)  // already inside this transaction
            try await OrderLifecycle(database: db, writes: writes, recorder: recorder, now: now).cancelAll(of: userID, on: db)
            try await TradeOfferService(database: db, writes: writes, recorder: recorder, now: now).closeAll(of: userID, on: db)
            try await ListingService(database: db, settings: settings, now: now).archiveAll(of: userID)
            try await throttle(on: db).clear(accountKey: "user:\(userID)")
        }
    }

    // MARK: - Helpers

    private func findActiveUser(_ identifier: LoginRequest.Identifier) async throws -> User? {
        let query = User.query(on: database).filter(\.$deletedAt == nil)
        switch identifier {
        case .email(let email): query.filter(\.$email == email)
        case .username(let username): query.filter(\.$username == username)
        }
        return try await query.first()
    }

    /// A wrong current password counts as a failed sign-in, so a stolen session cannot be used
    /// to guess the password faster than the login form allows.
    private func verifyCurrentPassword(_ password: String, of user: User, clientAddress: String) async throws {
        let accountKey = "user:\(try user.requireID())"
        try await throttle.check(accountKey: accountKey, clientAddress: clientAddress)
        guard let hash = user.passwordHash, try await passwords.verify(password, created: hash) else {
            try await throttle.recordFailure(accountKey: accountKey, clientAddress: clientAddress)
            throw APIError(.unprocessableEntity, code: "wrong_password", message: "The current password is incorrect.",
                           fields: ["currentPassword": "is incorrect"])
        }
    }

    /// 409 naming the field when the email or username already belongs to another account.
    private func ensureAvailable(email: String?, username: String?, exceptUserID: UUID?) async throws {
        func taken(_ filter: (QueryBuilder<User>) -> QueryBuilder<User>) async throws -> Bool {
            let query = filter(User.query(on: database))
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
