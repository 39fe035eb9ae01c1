import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign in; the password is asked without echo.")

    @Argument(help: "Your email or username (asked when left out).")
    var login: String?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            guard let login = login ?? Prompt.ask("Email or username:"), !login.isEmpty else {
                throw CommandFailure("An email or username is needed to sign in.")
            }
            let password = Prompt.secret("Password:") ?? ""
            let request = LoginRequest(login: login, password: password)
            _ = try request.validated().orThrow()
            let auth: AuthResponse = try await context.client.send(AuthEndpoint.login(request))
            try context.adopt(auth)
            context.output.show(auth.user) {
                context.output.tell("Signed in to \(context.server.absoluteString) as \(context.output.bold(auth.user.name)) <\(auth.user.email)>.")
            }
        }
    }
}
