import Foundation
import Vapor

extension Job {
    /// Matches listings queued by their transaction against the saved searches and tells the
    /// owners (`SavedSearchMatcher`): woken by a new listing, else every second. Its rounds, reads
    /// included, run on a thread the scheduler serves after requests' (`BackgroundThread`); on
    /// SQLite with a reading connection of its own, whose statements (lists of every length)
    /// would crowd the requests' out of the shared readers' caches.
    static func savedSearchMatching(sqliteReaders: SQLiteReaders?) -> Job {
        let readers = sqliteReaders.map { SQLiteReaders(path: $0.path, maxIdle: 1) }
        return Job("saved-search matching", every: 1, on: BackgroundThread(),
                   release: { app in await readers?.shutdownAsync(app) }) { app in
            try await SavedSearchMatcher.matchQueuedGivingWay {
                let services = app.domainServices()
                return (services, readers?.database(context: services.database.context) ?? services.database)
            }
            return nil
        }
    }
}
