import Foundation
import MarketClient
import MarketCore

/// A command's connection to the server: the client, the stored session, the account's
/// ``LocalStore`` (what it read before, answered when the server cannot be reached) and the output.
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
        if let account = session?.account {
            client.store = try? LocalStore(file: LocalStore.file(server: server, account: account))
        }
        output = Output(json: json)
    }

    /// Keeps `auth`'s session for the next commands; another account's store on this machine
    /// goes (one account at a time is signed in here).
    func adopt(_ auth: AuthResponse) throws {
        if let previous = session?.account, previous != auth.user.id { client.store?.destroy() }
        try store.save(StoredSession(token: auth.token, expiresAt: auth.expiresAt, server: server, account: auth.user.id))
    }

    /// Forgets the session and what its account kept on this machine.
    func forget() {
        try? store.clear()
        client.store?.destroy()
    }

    var isSignedIn: Bool { session != nil }

    /// Fails with a sentence saying how to sign in, for commands that need it.
    func requireSignIn() throws {
        guard isSignedIn else { throw CommandFailure("You are not signed in to \(server.absoluteString); run `market login` first.") }
    }

    /// The account's store on this machine; sessions from before it have none until the next login.
    func requireStore() throws -> LocalStore {
        guard let store = client.store else { throw CommandFailure("Nothing is kept on this machine for this session; run `market login` again to keep it.") }
        return store
    }

    /// The signed-in person.
    func me() async throws -> UserProfile {
        try requireSignIn()
        return try await client.send(ProfileEndpoint.show)
    }
}
