import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct SignUp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup", abstract: "Make an account and sign in; the password is asked without echo.",
        discussion: "On a market with campuses configured, use your university address. A market that sends mail mails a link that finishes the sign-up; open it, then market login.")

    @Argument(help: "Your email (asked when left out).") var email: String?
    @Option(help: "Your name, as other students see it (asked when left out).") var name: String?
    @Option(help: "A username to sign in with besides the email.") var username: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            guard let email = email ?? Prompt.ask("Email:"), !email.isEmpty else { throw CommandFailure("An email is needed to sign up.") }
            guard let name = name ?? Prompt.ask("Your name:"), !name.isEmpty else { throw CommandFailure("A name is needed to sign up.") }
            let password = Prompt.secret("Password (at least \(AccountRules.passwordMinLength) characters):") ?? ""
            let request = RegisterRequest(email: email, password: password, name: name, username: username)
            _ = try request.validated().orThrow()
            let outcome: RegistrationOutcome = try await context.client.send(AuthEndpoint.register(request))
            guard case .signedIn(let auth) = outcome else {
                if case .mailed(let mailed) = outcome { context.output.say(mailed.message + " " + ("Then run `market login \(email)`." as Phrase).localized) }
                return
            }
            try context.adopt(auth)
            context.output.show(auth.user) {
                context.output.tell("Welcome, \(context.output.bold(auth.user.name))! Signed in to \(context.server.absoluteString) as <\(auth.user.email)>.")
                if auth.user.verificationRequired {
                    context.output.tell("Verify your campus email before you trade: open the link we mailed you, or run `market verify ADDRESS`.")
                }
            }
        }
    }
}
