import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, for tests that run the built binaries.
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` with a 256-byte copy of
/// each `dirent` name (`findMaximumOpenFromProcSelfFD`), which reads past glibc's buffer when an
/// entry sits at its end and the next page is unmapped: the test process then dies of SIGSEGV in
/// `memcpy` (swift-corelibs-foundation PR #5472). Our suites start hundreds of children, and it
/// crashed about one full run in five here. Standard input, output and error are files, read
/// when the child is done; waiting polls, so no thread of Swift's pool is held.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    private let lock = NSLock()
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment`, in `directory` (the
    /// test's own when nil), its standard streams connected to these files (/dev/null when nil).
    public init(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL? = nil,
                stdin: URL? = nil, stdout: URL? = nil, stderr: URL? = nil) throws {
        // GNU env changes directory for the child; posix_spawn has no portable way to.
        var argv = [executable.path] + arguments
        var program = executable.path
        if let directory {
            argv = ["/usr/bin/env", "-C", directory.path] + argv
            program = "/usr/bin/env"
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, file, flags) in [(Int32(0), stdin, O_RDONLY), (1, stdout, O_WRONLY | O_CREAT | O_APPEND), (2, stderr, O_WRONLY | O_CREAT | O_APPEND)] {
            posix_spawn_file_actions_addopen(&actions, descriptor, file?.path ?? "/dev/null", flags, 0o600)
        }
        // Nothing else of the test process (its sockets, its files) reaches the child. glibc has
        // this since 2.34, but its header hides it from Swift: looked up by name.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, cArguments, cEnvironment)
        guard result == 0 else { throw ChildProcessError(description: "could not start \(program): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Whether it still runs (reaping it once it has ended).
    public var isRunning: Bool {
        lock.withLock {
            guard waitStatus == nil else { return false }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { waitStatus = status; return false }
            return reaped == 0
        }
    }

    /// SIGTERM, as `systemctl stop` sends.
    public func terminate() { if isRunning { kill(pid, SIGTERM) } }

    /// Waits for the end without holding a thread.
    public func exit() async {
        while isRunning { try? await Task.sleep(for: .milliseconds(20)) }
    }

    /// The exit status, or the signal that ended it.
    public var terminationStatus: Int32 {
        let status = lock.withLock { waitStatus ?? 0 }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    /// `.exit` or `.uncaughtSignal`, as Foundation's `Process` says it.
    public var terminationReason: Process.TerminationReason {
        let status = lock.withLock { waitStatus ?? 0 }
        return status & 0x7F == 0 ? .exit : .uncaughtSignal
    }
}

public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
}
