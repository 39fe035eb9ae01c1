import Fluent
import Foundation
import MarketCore
import Vapor

/// `campusmarket users grant|revoke|suspend|unsuspend|show`: the operator's hand on accounts.
/// Every change is written to the audit log as the operator's.
struct UsersCommand: AsyncCommandGroup {
    var help: String { "Grants and revokes roles (moderator, admin), suspends and unsuspends accounts, shows one." }
    var commands: [String: any AnyAsyncCommand] {
        ["grant": ChangeRole(granting: true), "revoke": ChangeRole(granting: false), "suspend": Suspend(), "unsuspend": Unsuspend(), "show": Show()]
    }
    var defaultCommand: (any AnyAsyncCommand)? { nil }

    /// `grant EMAIL ROLE` and `revoke EMAIL ROLE`: the same command, adding or removing.
    struct ChangeRole: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "email") var email: String
            @Argument(name: "role", help: "moderator or admin") var role: String
            init() {}
        }
        let granting: Bool
        var help: String {
            granting ? "Gives an account a role: moderator (works the report queue) or admin (also reads the audit log)."
                : "Takes a role away from an account."
        }
        func run(using context: CommandContext, signature: Signature) async throws {
            let role = try UsersCommand.role(signature.role)
            let granting = granting
            try await UsersCommand.change(signature.email, context) { user, services, tx in
                var roles = user.roles
                if granting { roles.insert(role) } else { roles.remove(role) }
                user.roles = roles
                try await user.save(on: tx.db)
                try await services.auditLog.append(actor: nil, action: (granting ? "grant_" : "revoke_") + role.rawValue,
                                                   subject: .user, id: user.id, note: nil, on: tx.db)
                return "\(user.email) is now \(UsersCommand.describe(user.roles))."
            }
        }
    }

    struct Suspend: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "email") var email: String
            @Option(name: "reason", help: "Why, for the audit log") var reason: String?
            init() {}
        }
        var help: String { "Suspends an account: signed out everywhere, cannot sign in, its listings leave the market." }
        func run(using context: CommandContext, signature: Signature) async throws {
            guard let reason = signature.reason?.trimmingCharacters(in: .whitespaces), !reason.isEmpty else {
                throw ConfigurationError("users suspend needs --reason TEXT: the audit log keeps why.")
            }
            try await UsersCommand.change(signature.email, context) { user, services, tx in
                guard !user.isSuspended else { throw ConfigurationError("\(user.email) is suspended already.") }
                try await services.suspensions.suspend(user, reason: reason, by: nil, in: tx)
                return "Suspended \(user.email): signed out everywhere, listings off the market."
            }
        }
    }

    struct Unsuspend: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "email") var email: String
            init() {}
        }
        var help: String { "Lifts a suspension: the account can sign in and its listings return." }
        func run(using context: CommandContext, signature: Signature) async throws {
            try await UsersCommand.change(signature.email, context) { user, services, tx in
                guard user.isSuspended else { throw ConfigurationError("\(user.email) is not suspended.") }
                try await services.suspensions.unsuspend(user, note: nil, by: nil, in: tx)
                return "Unsuspended \(user.email)."
            }
        }
    }

    struct Show: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "email") var email: String
            init() {}
        }
        var help: String { "Shows an account's campus, roles, suspension, reports and rating." }
        func run(using context: CommandContext, signature: Signature) async throws {
            let (user, services) = try await UsersCommand.find(signature.email, context.application)
            let userID = try user.requireID()
            let campus = services.trust.membership(of: user)
            let reports = try await ReportRecord.query(on: services.database).filter(\.$subjectOwnerID == userID).filter(\.$status == ReportRecord.open).count()
            let rating = try await SellerProfiles.rating(of: userID, on: services.database)
            let lines = [
                "\(user.name) <\(user.email)>  id \(userID.uuidString.lowercased())",
                "campus: \(campus?.label ?? "none")\(user.campusEmail.map { " (verified address \($0))" } ?? "")",
                "roles: \(UsersCommand.describe(user.roles))",
                "suspended: " + (user.suspendedAt.map { "since \(ISO8601DateFormatter().string(from: $0)): \(user.suspensionReason ?? "")" } ?? "no"),
                "open reports about them or their things: \(reports)",
                "rating: \(rating.label)",
            ]
            for line in lines { context.console.print(line) }
        }
    }

    static func role(_ text: String) throws -> UserRole {
        guard let role = UserRole(rawValue: text.lowercased()) else { throw ConfigurationError("the role must be moderator or admin, not '\(text)'.") }
        return role
    }

    static func describe(_ roles: Set<UserRole>) -> String {
        roles.isEmpty ? "a student with no role" : UserRole.allCases.filter(roles.contains).map(\.rawValue).joined(separator: " and ")
    }

    static func find(_ email: String, _ app: Application) async throws -> (UserRecord, DomainServices) {
        if app.settings.autoMigrate { try await app.autoMigrate() }
        let normalized = AccountRules.normalizeEmail(email)
        guard let user = try await UserRecord.query(on: app.db).filter(\.$email == normalized).filter(\.$deletedAt == nil).first() else {
            throw ConfigurationError("no account uses the email \(normalized).")
        }
        return (user, app.domainServices())
    }

    /// Finds the account and runs `change` in one write transaction on the account as that
    /// transaction reads it (a body may run twice: `GroupCommit`); prints what it says.
    static func change(_ email: String, _ context: CommandContext,
                       _ change: @escaping @Sendable (UserRecord, DomainServices, WriteTransaction) async throws -> String) async throws {
        let (found, services) = try await find(email, context.application)
        let id = try found.requireID()
        let said = try await services.writes.run { tx in
            guard let user = try await UserRecord.find(id, on: tx.db) else { throw ConfigurationError("no account uses the email \(found.email).") }
            return try await change(user, services.on(tx.db), tx)
        }
        context.console.print(said)
    }
}
