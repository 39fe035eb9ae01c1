import Foundation
import Vapor

extension Job {
    /// On SQLite, copies the write-ahead log into the database file off the request path
    /// (`SQLiteCheckpointer`; `SQLITE_CHECKPOINT_SECONDS`, a second).
    static func sqliteCheckpoint(_ checkpointer: SQLiteCheckpointer, every interval: TimeInterval) -> Job {
        Job("SQLite checkpoint", every: interval, release: { _ in await checkpointer.close() }) { _ in
            _ = try await checkpointer.round()
            return nil
        }
    }
}
