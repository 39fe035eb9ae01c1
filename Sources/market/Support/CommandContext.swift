import Foundation
import MarketClient
import MarketCore

/// A command's connection to the server: the client, the stored session and the output.
struct CommandContext {
    let server: URL
    let store: FileTokenStore
    let session: StoredSession?
    let client: APIClient
    let output: Output

    init(server: URL, json: Bool) throws {
        self.server = server
        store = FileTokenStore()
        // A stored session for another server, or an expired one, is not sent.
        let stored = (try? store.load()).flatMap { $0 }
        session = stored.flatMap { $0.server == server && $0.expiresAt > Date() ? $0 : nil }
        let token = session?.token
        client = APIClient(baseURL: server, tokenProvider: { token })
        output = Output(json: json)
    }

    var isSignedIn: Bool { session != nil }

    /// Fails with a sentence saying how to sign in, for commands that need it.
    func requireSignIn() throws {
        guard isSignedIn else { throw CommandFailure("You are not signed in to \(server.absoluteString); run `market login` first.") }
    }

    /// The signed-in person.
    func me() async throws -> UserProfile {
        try requireSignIn()
        return try await client.send(ProfileEndpoint.show)
    }
}
