import Foundation

/// PostgreSQL's own `pg_dump` and `pg_restore`, run as the operator would. The password goes
/// in the environment, not on the command line, where any user of the machine could read it.
enum PostgresTools {
    /// Runs `tool` with `arguments` against `url` (as `--dbname`); a failure is one sentence.
    /// It waits on a thread of its own: a dump takes seconds, and a thread of Swift's small pool
    /// blocked that long would stall every task behind it.
    static func run(_ tool: String, _ arguments: [String], url: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                do {
                    try runWaiting(tool, arguments, url: url)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func runWaiting(_ tool: String, _ arguments: [String], url: String) throws {
        guard let executable = find(tool) else {
            throw ConfigurationError("\(tool) is not installed: install PostgreSQL's client programs (apt-get install postgresql-client), of the server's version or newer")
        }
        guard var components = URLComponents(string: url) else { throw ConfigurationError("DATABASE_URL is not a URL") }
        var environment = ProcessInfo.processInfo.environment
        if let password = components.password { environment["PGPASSWORD"] = password }
        components.password = nil
        if components.scheme == "postgres" { components.scheme = "postgresql" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--dbname", components.string ?? url] + arguments
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw ConfigurationError("\(tool) failed: \(reason)")
        }
    }

    /// On PATH, or in Debian's versioned directories (newest first).
    static func find(_ tool: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(tool)" }
        let debian = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin/\(tool)" }
        return (path + debian).first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
