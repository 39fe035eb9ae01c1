import FluentKit
import NIOConcurrencyHelpers
import SQLiteKit
import Vapor

/// The connections that answer requests' reads on SQLite, each statement run directly where it
/// is asked, on the calling thread. sqlite-nio runs a statement as a job on its thread pool and
/// hands each row back to an event loop, and parses it again each time: on the feed that was
/// about a quarter of the server's CPU (docs/benchmarks.md, "The read path"). These keep their
/// statements prepared, and a statement never waits on another thread.
///
/// A connection is lent for one statement and given back, so no more are open than statements
/// run at once (one per thread at most); idle ones are kept, up to `maxIdle`. In WAL mode a read
/// never waits for the writer, and sees what was committed when it began.
final class SQLiteReaders: LifecycleHandler, Sendable {
    let path: String
    private let idle = NIOLockedValueBox<[DirectSQLiteConnection]>([])
    let maxIdle: Int

    init(path: String, maxIdle: Int = 2 * System.coreCount + 2) {
        self.path = path
        self.maxIdle = maxIdle
    }

    /// Runs one read statement on an idle connection, or a new one when every one is lent.
    func run(_ sql: String, binds: [SQLiteData]) throws -> [DirectSQLiteRow] {
        let connection = try idle.withLockedValue { $0.popLast() } ?? DirectSQLiteConnection(path: path, readsOnly: true)
        defer {
            let kept = idle.withLockedValue { idle in
                guard idle.count < maxIdle else { return false }
                idle.append(connection)
                return true
            }
            if !kept { connection.close() }
        }
        return try connection.run(sql, binds: binds)
    }

    /// These connections as the `Database` a request's reads are given (`DomainServices.reading`).
    func database(context: DatabaseContext) -> SQLiteReaderDatabase {
        SQLiteReaderDatabase(readers: self, context: context)
    }

    func shutdownAsync(_ application: Application) async {
        idle.withLockedValue { idle in
            idle.forEach { $0.close() }
            idle.removeAll()
        }
    }
}

extension Application {
    private struct SQLiteReadersKey: StorageKey { typealias Value = SQLiteReaders }

    /// Set by `configure` on SQLite only.
    var sqliteReaders: SQLiteReaders? {
        get { storage[SQLiteReadersKey.self] }
        set { storage[SQLiteReadersKey.self] = newValue }
    }
}
