import NIOCore
import NIOPosix

/// Where Swift concurrency runs the server's async code. By default it runs on a thread pool of
/// its own, so every PostgreSQL statement crosses threads three times: from that pool to the
/// connection's event loop, back when the reply comes, and again to resume the code that waited.
/// With the event loops as Swift's global executor, the code resumes on the loop that read the
/// reply (NIO's switch, which Vapor's project template also offers).
///
/// On PostgreSQL this makes a purchase about 20% faster; on SQLite it made 32 concurrent buyers
/// 10–25% slower (docs/benchmarks-history.md, "Async code on the event loops"). SQLite's writes go
/// through one queue (`GroupCommit`): resumed on a loop, that queue waits behind the loop's HTTP
/// work, and every write waits on it. So SQLite keeps Swift's own pool.
///
/// What it asks of the code: nothing async may block its thread (a blocked loop stalls its
/// connections), and nothing may `.wait()` on a future. Password hashing already runs on the
/// thread pool (`password.async`) and the server calls no `.wait()`.
public enum EventLoopConcurrency {
    /// Installs the event loops as Swift's global executor when the server runs on PostgreSQL.
    /// Call once, from the main entry point, before `configure`. Returns whether it did; where
    /// the runtime has no hook for it, the server runs as before.
    @discardableResult
    public static func install(for database: AppSettings.DatabaseChoice) -> Bool {
        guard case .postgres = database else { return false }
        return NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
