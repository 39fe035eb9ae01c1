import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import SQLiteNIO
import Vapor

/// Moves SQLite's write-ahead log into the database file off the request path. Left to itself,
/// SQLite checkpoints inside the commit that pushes the log past 1,000 pages, and that one
/// purchase waits 175–375 ms while thousands of pages are copied. The writer's connection turns
/// that off (`wal_autocheckpoint=0`); a job checkpoints `PASSIVE` every second (`round`) on a
/// connection and thread of its own (it never blocks a reader or a writer, copying what no
/// reader still needs), and `TRUNCATE`s the log when writes have stopped for a while, so the
/// file does not stay at its high-water mark. Pooled connections keep SQLite's automatic
/// checkpoint as a safety net; with this job running the log rarely reaches its threshold.
final class SQLiteCheckpointer: Sendable {
    struct Round: Equatable, Sendable {
        /// Frames in the log, and how many of them are in the database file now.
        var logFrames: Int
        var checkpointed: Int
        var truncated = false
    }

    private let path: String
    /// Rounds without a new frame before the log is truncated.
    private let idleRounds: Int
    private let thread = NIOThreadPool(numberOfThreads: 1)
    /// Used on the checkpointer's thread only.
    private let connection = NIOLockedValueBox<DirectSQLiteConnection?>(nil)
    private let state = NIOLockedValueBox((lastFrames: 0, quietRounds: 0))

    init(path: String, idleRounds: Int = 10) {
        self.path = path
        self.idleRounds = idleRounds
        thread.start()
    }

    /// One round: a passive checkpoint, and a truncating one when the log has been quiet.
    func round() async throws -> Round {
        try await thread.runIfActive { [self] in
            let connection = try self.connection.withLockedValue { connection in
                if let connection { return connection }
                // A truncation waits at most this long for readers to move on, then tries later.
                let opened = try DirectSQLiteConnection(path: path, busyTimeout: .milliseconds(50))
                connection = opened
                return opened
            }
            var round = try Self.checkpoint(connection, mode: "PASSIVE")
            let quiet = state.withLockedValue { state -> Bool in
                state.quietRounds = round.logFrames > 0 && round.logFrames == state.lastFrames ? state.quietRounds + 1 : 0
                state.lastFrames = round.logFrames
                return state.quietRounds >= idleRounds && round.checkpointed == round.logFrames
            }
            if quiet, let truncated = try? Self.checkpoint(connection, mode: "TRUNCATE"), truncated.logFrames == 0 {
                round = truncated
                round.truncated = true
                state.withLockedValue { $0 = (0, 0) }
            }
            return round
        }
    }

    private static func checkpoint(_ connection: DirectSQLiteConnection, mode: String) throws -> Round {
        let row = try connection.run("PRAGMA wal_checkpoint(\(mode))", binds: []).first
        return Round(logFrames: try row?.decode(column: "log", as: Int.self) ?? 0,
                     checkpointed: try row?.decode(column: "checkpointed", as: Int.self) ?? 0)
    }

    /// Closes the connection and stops the thread, once no round runs any more.
    func close() async {
        _ = try? await thread.runIfActive { self.connection.withLockedValue { $0?.close(); $0 = nil } }
        try? await thread.shutdownGracefully()
    }
}
