import Foundation
import Vapor

extension Job {
    /// Ends paid features whose time is over (`FEATURE_SWEEP_SECONDS`, a minute): writes
    /// `listings.featured_until`. Built from `app.db` with the SQLite batch writer, as a request's
    /// writes are.
    static func featureExpiry(every interval: TimeInterval) -> Job {
        Job("feature expiry", every: interval) { app in
            let ended = try await FeatureExpiry(database: app.db, now: app.clock.now(), groupCommit: app.sqliteGroupCommit).sweep()
            return ended > 0 ? "ended \(ended) expired feature(s)" : nil
        }
    }
}
