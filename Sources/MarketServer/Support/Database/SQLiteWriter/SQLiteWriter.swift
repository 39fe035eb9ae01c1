import FluentKit
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Vapor

/// SQLite's one writer for the write batches (`GroupCommit`): a connection of its own, driven
/// directly on a thread of its own. A batch runs there from start to commit, each statement a
/// plain call with no thread switch, kept prepared from one batch to the next. Only the batch's
/// start and each caller's answer cross threads.
///
/// The thread is an event loop with no sockets, so a future made on it which is already complete
/// (Fluent's query builder answers through futures) is read without leaving it. It blocks while
/// SQLite writes, or waits for the write lock held by another connection or process: that stalls
/// nothing but the batches behind it, which wait for the lock anyway.
final class SQLiteWriter: LifecycleHandler, Sendable {
    let executor: EventLoopTaskExecutor
    private let group: MultiThreadedEventLoopGroup
    private let path: String
    private let context: DatabaseContext
    /// Whether SQLite checkpoints inside this connection's commits (only when no
    /// `SQLiteCheckpointer` runs).
    private let checkpointsInCommits: Bool
    /// Opened on the writer's thread at the first batch, used and closed there only.
    private let connection = NIOLockedValueBox<DirectSQLiteConnection?>(nil)

    /// `context` is the pooled database's, so models and their middleware behave the same.
    init(path: String, context: DatabaseContext, checkpointsInCommits: Bool = false) {
        self.checkpointsInCommits = checkpointsInCommits
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        executor = EventLoopTaskExecutor(group.next())
        self.path = path
        self.context = DatabaseContext(configuration: context.configuration, logger: context.logger,
                                       eventLoop: executor.loop, history: context.history,
                                       pageSizeLimit: context.pageSizeLimit)
    }

    /// The writer's connection as a Fluent and SQLKit database. Call on the writer's thread only.
    func database() throws -> SQLiteWriterDatabase {
        executor.loop.preconditionInEventLoop()
        let connection = try connection.withLockedValue { connection in
            if let connection { return connection }
            let opened = try DirectSQLiteConnection(path: path)
            // The log is checkpointed by `SQLiteCheckpointer`, not inside one of these commits.
            if !checkpointsInCommits { _ = try opened.run("PRAGMA wal_autocheckpoint = 0", binds: []) }
            connection = opened
            return opened
        }
        return SQLiteWriterDatabase(connection: connection, context: context)
    }

    /// Ends a failed batch's transaction. Should even that fail, the connection is closed, and
    /// the next batch opens another rather than find a transaction still open.
    func rollback(_ tx: SQLiteWriterDatabase) {
        try? tx.rollback()
        if tx.connection.inTransaction {
            connection.withLockedValue { $0?.close(); $0 = nil }
        }
    }

    /// Closes the connection and stops the thread, when the application stops (after the last
    /// request, so after the last batch).
    func shutdownAsync(_ application: Application) async {
        try? await executor.loop.submit { self.connection.withLockedValue { $0?.close(); $0 = nil } }.get()
        try? await group.shutdownGracefully()
    }
}
