import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// What every command takes: where the server is and how to print.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The CampusMarket server.", valueName: "url"))
    var server: String?

    @Flag(name: .long, help: "Print JSON (the API's own) instead of tables.")
    var json = false

    /// `--server`, else `MARKET_SERVER`, else the embedded default a `swift run` serves.
    func serverURL() throws -> URL {
        let text = server ?? ProcessInfo.processInfo.environment["MARKET_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "http://127.0.0.1:8080"
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--server must be an http or https URL, such as http://127.0.0.1:8080 (got \(text)).")
        }
        return url
    }

    /// Runs `body` with a client for the server, signed in when a session is stored for it.
    /// Whatever goes wrong is printed as one sentence on stderr, and the command exits 1.
    func run(_ body: (CommandContext) async throws -> Void) async throws {
        let context = try CommandContext(server: serverURL(), json: json)
        // Read offline from what this machine kept: said first, with when it was kept.
        let output = context.output
        let report = ReadReport { kept in output.note("Offline: the server cannot be reached; showing what was kept at \(Format.time(kept)).") }
        do {
            // What waits from an earlier command goes first, in order (quietly when it cannot).
            if context.isSignedIn, let store = context.client.store, store.outbox.contains(where: { !$0.isFailed }) {
                let sent = await context.client.sendWaiting()
                if sent > 0 { output.note("Sent \(sent) changes kept while offline.") }
            }
            try await ReadReport.$current.withValue(report) { try await body(context) }
        } catch let error as APIClientError {
            context.output.fail(error)
            if error.isUnauthenticated, context.isSignedIn {
                context.forget()
                context.output.note("Your session ended; run `market login` again.")
            }
            throw ExitCode.failure
        } catch let error as CommandFailure {
            context.output.fail(message: error.message)
            throw ExitCode.failure
        }
    }
}

/// A problem the command itself found (a file that cannot be read, a missing answer).
struct CommandFailure: Error {
    let message: Phrase
    init(_ message: Phrase) { self.message = message }
}
