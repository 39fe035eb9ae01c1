import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// The campuses trust tests run with.
enum TestCampuses {
    static let text = "umich.edu,med.umich.edu = University of Michigan @ America/Detroit; utexas.edu = The University of Texas at Austin @ America/Chicago"
    static var directory: CampusDirectory { try! CampusDirectory.parse(text, setting: "CAMPUSES") }

    /// Campuses configured, so `REQUIRE_VERIFIED` is on by default.
    static func adjust(_ settings: inout AppSettings) {
        settings.campuses = directory
        settings.publicURL = "https://market.campus.edu"
    }
}

extension Application {
    /// Runs `campusmarket <arguments>` inside this application, as an operator would.
    func runCommand(_ arguments: [String]) async throws {
        var context = CommandContext(console: console, input: CommandInput(arguments: ["campusmarket"] + arguments))
        context.application = self
        try await console.run(asyncCommands.group(), with: context)
    }

    /// Marks the account's address verified, as confirming its link does (for tests about what
    /// comes after; `CampusVerificationTests` covers the link itself).
    func markVerified(_ account: AuthResponse) async throws {
        try await UserRecord.query(on: db).filter(\.$id == account.user.id)
            .set(\.$campusEmail, to: account.user.email).set(\.$campusVerifiedAt, to: Date()).update()
    }

    /// A verified student at the University of Michigan.
    func verifiedStudent(_ name: String = "Ada Student") async throws -> AuthResponse {
        let account = try await register(email: "\(name.lowercased().replacingOccurrences(of: " ", with: "."))\(UUID().uuidString.prefix(6))@umich.edu", name: name)
        try await markVerified(account)
        return account
    }

    /// The account chooses to show its profile and listings outside its campus (a new account
    /// shows them only there): for tests about something else that read its listings signed out.
    @discardableResult
    func showOutsideCampus(_ account: AuthResponse) async throws -> AuthResponse {
        let response = try await send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(privacy: PrivacyUpdate(shownOutsideCampus: true)), token: account.token)
        guard response.status == .ok else { throw TestFailure("showing outside the campus: \(response.status) \(response.text)") }
        return account
    }

    /// An account the operator made a moderator (or an admin) with `campusmarket users grant`.
    func moderator(_ role: UserRole = .moderator, name: String = "Mo Moderator") async throws -> AuthResponse {
        let account = try await verifiedStudent(name)
        try await runCommand(["users", "grant", account.user.email, role.rawValue])
        return account
    }

    func report(_ subject: ReportSubject, _ id: UUID, reason: ReportReason = .scam, details: String? = nil, token: String) async throws -> TestResponse {
        try await send(.POST, "/api/v1/reports", json: ReportRequest(subject: subject, id: id, reason: reason, details: details), token: token)
    }

    func decide(_ reportID: UUID, _ action: ModerationAction, note: String = "Checked it.", token: String) async throws -> TestResponse {
        try await send(.POST, "/api/v1/moderation/reports/\(reportID)/decision", json: ModerationDecisionRequest(action: action, note: note), token: token)
    }
}
