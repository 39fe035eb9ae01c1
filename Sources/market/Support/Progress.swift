#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Shows that a long call is under way on stderr: a spinner on a terminal, one line otherwise,
/// then how long it took. (Foundation on Linux reports no upload progress for async requests,
/// so this shows activity, not a percentage.)
struct Progress {
    let output: Output
    let label: String

    func run<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        guard !output.json else { return try await work() }
        let started = Date()
        let terminal = Output.isTerminal(STDERR_FILENO)
        let spinner = terminal ? Task { [label] in
            let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
            var index = 0
            while !Task.isCancelled {
                FileHandle.standardError.write(Data("\r\(frames[index % frames.count]) \(label)…".utf8))
                index += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
        } : nil
        if !terminal { output.note("\(label)…") }
        defer { spinner?.cancel() }
        do {
            let result = try await work()
            spinner?.cancel()
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            output.note((terminal ? "\r✓ \(label), done in \(seconds) s.\u{1B}[K" : "Done in \(seconds) s."))
            return result
        } catch {
            spinner?.cancel()
            if terminal { output.note(.verbatim("\r\u{1B}[K"), terminator: "") }
            throw error
        }
    }
}
