import Foundation
import Vapor

extension Job {
    /// Deletes removals older than `Removals.retention` (30 days), hourly: `GET /me/changes`
    /// answers 410 to a cursor from before then, so the app loads its screens again instead.
    static var removalRetention: Job {
        Job("removal retention", every: 3_600) { app in
            let before = app.clock.now().addingTimeInterval(-Removals.retention)
            try await app.jobWrites.run { tx in try await Removals.sweep(before: before, on: tx.sql) }
            return nil
        }
    }
}
