import Foundation
import MarketServer
import NIOCore
import NIOPosix
import Testing
import Vapor

/// Real `campusmarket serve` processes sharing one database: a fresh SQLite file (one process,
/// the embedded default), or a fresh schema in the PostgreSQL of `DATABASE_URL` (two processes,
/// as when a campus scales out). The first process migrates; the others start with
/// `AUTO_MIGRATE=false`, as a deploy would run them.
struct ServerProcesses {
    let baseURLs: [String]
    private let processes: [ChildProcess]
    private let directory: String
    private let schema: String?
    private let environment: [String: String]

    /// The executable `swift build` put next to this test bundle.
    static var executable: URL { PackageRoot.executable("campusmarket") }

    static var packageRoot: URL { PackageRoot.url }

    /// Started in their data directory, not the repository: the binary needs nothing of it.
    static func start(count: Int, environment extra: [String: String] = [:], executable: URL = executable) async throws -> ServerProcesses {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw TestFailure("\(executable.path) is missing: run `swift build` (or `swift test`, which builds it) first")
        }
        let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-race-\(id)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DATA_DIR"] = directory
        environment["BCRYPT_COST"] = "4"
        environment["REPORTER_MIN_AGE_MINUTES"] = "0"
        environment["REGISTRATIONS_PER_ADDRESS"] = "100000"
        environment["LOG_LEVEL"] = "warning"
        environment.merge(extra) { _, new in new }
        var schema: String?
        if TestDatabase.isPostgres {
            schema = "race_\(id)"
            environment["DATABASE_SCHEMA"] = schema
        }
        var processes: [ChildProcess] = []
        var urls: [String] = []
        do {
            for index in 0..<count {
                let port = try await freePort()
                var env = environment
                if index > 0 { env["AUTO_MIGRATE"] = "false" }
                let log = URL(fileURLWithPath: directory + "/server\(index).log")
                let process = try ChildProcess(executable, ["serve", "--hostname", "127.0.0.1", "--port", "\(port)"],
                                               environment: env, directory: URL(fileURLWithPath: directory), stdout: log, stderr: log)
                processes.append(process)
                let url = "http://127.0.0.1:\(port)"
                try await waitUntilHealthy(url, process: process, log: directory + "/server\(index).log")
                urls.append(url)
            }
        } catch {
            for process in processes { process.terminate(); await process.exit() }
            throw error
        }
        return ServerProcesses(baseURLs: urls, processes: processes, directory: directory, schema: schema, environment: environment)
    }

    /// Sends server `index` SIGTERM, as a deploy or `systemctl stop` does, and waits for it to end.
    func terminate(_ index: Int) async -> (reason: Process.TerminationReason, status: Int32) {
        processes[index].terminate()
        await processes[index].exit()
        return (processes[index].terminationReason, processes[index].terminationStatus)
    }

    /// The SQLite database the servers share (when not on PostgreSQL).
    var sqlitePath: String { directory + "/campusmarket.sqlite" }

    /// Runs `campusmarket <arguments>` on the servers' database, as an operator would beside them;
    /// throws with its output unless it exits 0.
    func runCommand(_ arguments: [String]) async throws {
        let log = URL(fileURLWithPath: directory + "/command.log")
        var environment = environment
        environment["AUTO_MIGRATE"] = "false"
        let process = try ChildProcess(Self.executable, arguments, environment: environment, directory: URL(fileURLWithPath: directory),
                                       stdout: log, stderr: log)
        await process.exit()
        guard process.terminationStatus == 0 else {
            throw TestFailure("campusmarket \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
    }

    /// What server `index` has written to standard output and error so far.
    func log(_ index: Int) -> String {
        (try? String(contentsOfFile: directory + "/server\(index).log", encoding: .utf8)) ?? ""
    }

    /// `count` server processes and a `RaceClient` for `body`; both are stopped after it, whether it throws or not.
    static func withClient(count: Int, environment: [String: String] = [:],
                           _ body: (RaceClient, ServerProcesses) async throws -> Void) async throws {
        let servers = try await ServerProcesses.start(count: count, environment: environment)
        let client = try await RaceClient.make()
        do {
            try await body(client, servers)
        } catch {
            await client.shutdown()
            await servers.stop()
            throw error
        }
        await client.shutdown()
        await servers.stop()
    }

    func stop() async {
        for process in processes {
            process.terminate()
            await process.exit()
        }
        if let schema, let url = ProcessInfo.processInfo.environment["DATABASE_URL"] {
            // The servers are gone; drop their schema with a throwaway application.
            let settings = AppSettings(dataDirectory: directory, database: .postgres(url: url, schema: schema))
            try? await TestDatabase(directory: directory, settings: settings).drop()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }

    private static func waitUntilHealthy(_ url: String, process: ChildProcess, log: String) async throws {
        // Up to 60 s: on CI's two cores the whole PostgreSQL suite runs beside these processes,
        // and one of them migrates a fresh schema first (once seen past 30 s).
        for _ in 0..<600 {
            guard process.isRunning else { break }
            if let (status, _) = try? await httpRequest("GET", URL(string: url + "/healthz")!), status == 200 { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let state = process.isRunning ? "still running" : "exited with status \(process.terminationStatus)"
        throw TestFailure("server at \(url) did not become healthy (\(state)):\n\(output.suffix(2_000))")
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
