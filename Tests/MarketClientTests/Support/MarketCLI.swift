import Foundation
import MarketTestSupport

/// The built `market` binary, run as a person's shell would: its own config directory (so the
/// session file is the test's), the server from `MARKET_SERVER`, input piped to stdin.
struct MarketCLI {
    let server: URL
    let configDirectory: URL

    init(server: URL) {
        self.server = server
        configDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("market-cli-\(UUID().uuidString)")
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    func run(_ arguments: String..., input: String = "", environment extra: [String: String] = [:]) async throws -> Result {
        try await run(arguments, input: input, environment: extra)
    }

    func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) async throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["MARKET_SERVER"] = server.absoluteString
        environment["XDG_CONFIG_HOME"] = configDirectory.path
        environment["XDG_DATA_HOME"] = configDirectory.appendingPathComponent("data").path
        environment["TZ"] = "UTC"
        environment.merge(extra) { $1 }
        // Files rather than pipes, and an exit polled for: nothing here blocks a thread of the
        // concurrency pool, which the in-process server needs to answer.
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        let run = configDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        let files = ["in", "out", "err"].map { run.appendingPathExtension($0) }
        try Data(input.utf8).write(to: files[0])
        for file in files.dropFirst() { FileManager.default.createFile(atPath: file.path, contents: nil) }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let process = try ChildProcess(PackageRoot.executable("market"), arguments, environment: environment,
                                       stdin: files[0], stdout: files[1], stderr: files[2])
        await process.exit()
        return Result(status: process.terminationStatus, stdout: try String(contentsOf: files[1], encoding: .utf8),
                      stderr: try String(contentsOf: files[2], encoding: .utf8))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: configDirectory) }
}
