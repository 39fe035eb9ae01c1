import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Verify your campus email: mails a link to the address; open it to confirm.")

    @Argument(help: "Your address at your university.") var email: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let status: CampusVerificationStatus = try await context.client.send(TrustEndpoint.requestCampusEmail(CampusEmailRequest(email: email)))
            context.output.show(status) { context.output.say(status.message) }
        }
    }
}
