import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Report a listing, a person or a message to the moderators.",
        discussion: "Reasons: \(ReportReason.allCases.map(\.rawValue).joined(separator: ", ")). The person reported never learns who reported.")

    @Argument(help: "What to report: listing, user or message.") var subject: String
    @Argument(help: "Its id.") var id: String
    @Option(help: "scam, prohibited, harassment, spam or other.") var reason: String
    @Option(help: "What happened, in a few words.") var details: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            // The subject first (named by the shared rule), then what its id names.
            _ = try ReportRequest(subject: subject, id: UUID(), reason: reason, details: details).validated().orThrow()
            let kind = IDKind(rawValue: subject) ?? .message
            let request = ReportRequest(subject: subject, id: try await context.id(id, kind), reason: reason, details: details)
            _ = try request.validated().orThrow()
            let report: Report = try await context.client.send(TrustEndpoint.report(request))
            context.output.show(report) {
                context.output.tell("Reported. A moderator will look at it; you will get a notification when it is decided.")
            }
        }
    }
}
