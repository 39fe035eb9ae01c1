import Foundation
import Vapor

extension Job {
    /// Deletes live events older than `retention` (`EVENT_RETENTION_HOURS`, a day), every minute:
    /// a stream resumed with `Last-Event-ID` replays what is younger. The delete is a write: on
    /// SQLite it queues with the other writers rather than wait on a thread for the write lock.
    static func eventRetention(keeping retention: TimeInterval) -> Job {
        Job("event retention", every: 60) { app in
            let before = app.clock.now().addingTimeInterval(-retention)
            try await app.jobWrites.run { tx in try await EventLog.sweep(before: before, on: tx.db) }
            return nil
        }
    }
}
