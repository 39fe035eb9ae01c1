import Foundation

/// Starts the suites' child processes (servers, the CLI, the server's operator-error runs) one at
/// a time. Foundation's `Process.run()` on Linux crashed the test process twice in about ten
/// suite runs (SIGSEGV in memcpy inside `Process.run`, from `OperatorErrorTests`, whose
/// parameterized cases start processes in parallel), and the backtrace of that crash starved the
/// other tests for minutes. Only the start is serialised; the processes run side by side.
public enum ProcessLaunch {
    private static let lock = NSLock()

    public static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
