import ConsoleKit
import Foundation
import NIOCore
import Vapor

/// What the `campusmarket` executable says when an operator's command or setting is wrong: one
/// sentence saying what is wrong and what to do (never a password from `DATABASE_URL`), and the
/// exit status — 64 (EX_USAGE) for a mistake in the command line, 1 for everything else.
public struct OperatorError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public let status: Int32

    public static func usage(_ message: String) -> OperatorError { OperatorError(description: message, status: 64) }
    public static func failure(_ message: String) -> OperatorError { OperatorError(description: message, status: 1) }

    /// Prints `campusmarket: <sentence>` on standard error and exits.
    public static func exit(with error: OperatorError) -> Never {
        FileHandle.standardError.write(Data("campusmarket: \(error.description)\n".utf8))
        Foundation.exit(error.status)
    }

    /// Arguments Vapor would accept but misread: a port outside 1–65535 would wrap around to
    /// another port without a word.
    public static func checkArguments(_ arguments: [String]) -> OperatorError? {
        for (index, argument) in arguments.enumerated() where argument == "--port" || argument == "-p" || argument.hasPrefix("--port=") {
            let value = argument.hasPrefix("--port=") ? String(argument.dropFirst("--port=".count))
                : (index + 1 < arguments.count ? arguments[index + 1] : "")
            guard let port = Int(value), (1...65_535).contains(port) else {
                return .usage("--port must be a whole number from 1 to 65535, not '\(value)'.")
            }
        }
        // `migrate` asks before it changes the database; with no one to answer (a deploy script,
        // standard input not a terminal) Vapor's question met the end of its input and crashed.
        if arguments.first == "migrate", !arguments.contains(where: { ["-y", "--auto-migrate", "--help", "-h"].contains($0) }),
           isatty(STDIN_FILENO) == 0 {
            return .usage("migrate asks before it changes the database, and no one can answer here (standard input is not a terminal): run `campusmarket migrate -y`.")
        }
        return nil
    }

    /// An unknown command, named before Vapor runs it (it would log and crash).
    public static func checkCommand(_ arguments: [String], app: Application) -> OperatorError? {
        guard let name = arguments.dropFirst().first, !name.hasPrefix("-") else { return nil }
        let known = Set(app.asyncCommands.commands.keys).union(app.commands.commands.keys)
        guard !known.contains(name) else { return nil }
        return .usage("unknown command '\(name)'. Commands: \(known.sorted().joined(separator: ", ")); `campusmarket <command> --help` for more.")
    }

    /// Asks the database one question with the application's log quieted, so a database that
    /// cannot be reached is reported once, by `describe`, rather than also by the pool's log.
    public static func checkDatabase(_ app: Application) async throws {
        let level = app.logger.logLevel
        app.logger.logLevel = .critical
        defer { app.logger.logLevel = level }
        _ = try await app.db.sql.raw("SELECT 1 AS ok").first()
    }

    /// The sentence for an error that stopped start-up or a command.
    public static func describe(_ error: any Error, settings: AppSettings?, arguments: [String]) -> OperatorError {
        switch error {
        case let error as OperatorError:
            return error
        case let error as ConfigurationError:
            return .failure(error.description)
        case let error as CommandError:
            return .usage(error.description.hasSuffix(".") ? error.description : error.description + ".")
        default:
            break
        }
        let detail = String(reflecting: error)
        if detail.contains("Address already in use") || (error as? IOError)?.errnoCode == EADDRINUSE {
            return .failure("the address \(listenAddress(arguments)) is already in use: stop the program using it, or pick another with --port.")
        }
        if case .postgres(let url, _)? = settings?.database {
            return .failure("cannot use the PostgreSQL database at \(redacted(url)) (\(postgresReason(detail))). Check DATABASE_URL and that the server is running and reachable.")
        }
        return .failure("stopped: \(redactingSecrets(String(describing: error))).")
    }

    /// `postgres://user@host:port/db`, without the password.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "DATABASE_URL" }
        components.password = nil
        return components.string ?? "DATABASE_URL"
    }

    private static func postgresReason(_ detail: String) -> String {
        if detail.contains("Connection refused") || detail.contains("connectionRefused") || detail.contains("ECONNREFUSED") { return "connection refused" }
        if detail.contains("password authentication failed") || detail.contains("28P01") { return "the user name or password was refused" }
        if detail.contains("does not exist") { return "the database does not exist" }
        if detail.contains("timeout") || detail.contains("Timeout") { return "timed out" }
        if detail.contains("NXDOMAIN") || detail.contains("resolve") { return "the host name could not be resolved" }
        return "it did not answer as expected"
    }

    private static func redactingSecrets(_ text: String) -> String {
        text.replacingOccurrences(of: #"://[^:/@\s]+:[^@\s]+@"#, with: "://…@", options: .regularExpression)
    }

    private static func listenAddress(_ arguments: [String]) -> String {
        func value(_ names: [String]) -> String? {
            guard let index = arguments.firstIndex(where: names.contains), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        return "\(value(["--hostname", "-H"]) ?? "127.0.0.1"):\(value(["--port", "-p"]) ?? "8080")"
    }
}
