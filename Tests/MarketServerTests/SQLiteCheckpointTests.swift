import Foundation
@testable import MarketServer
import SQLKit
import Testing
import Vapor

/// SQLite's log is checkpointed by a job of its own, not inside a purchase's commit.
@Suite("SQLite checkpoints", .enabled(if: !TestDatabase.isPostgres))
struct SQLiteCheckpointTests {
    @Test("the writer never checkpoints in a commit; the job copies the log passively, then truncates it once writes stop")
    func offTheRequestPath() async throws {
        let database = TestDatabase.make()
        defer { database.removeFiles() }
        var settings = database.settings
        settings.sqliteCheckpointInterval = 3_600
        // As a one-shot command, so no background job runs: the log must hold only what the test
        // writes. A saved-search round woken by the listings (on its idle-priority thread, starved
        // on a loaded machine) once held a read open across the rounds below, so the first could
        // not copy every frame and the log never went quiet (1 run in 20 of the suite).
        let command = Environment(name: "testing", arguments: ["campusmarket", "migrate"])
        try await withApp(settings: settings, clock: nil, migrate: true, environment: command) { app in
            let autocheckpoint = try await #require(app.sqliteGroupCommit).run { db, _ in
                try await db.sql.raw("PRAGMA wal_autocheckpoint").first()?.decode(column: "wal_autocheckpoint", as: Int.self)
            }
            #expect(autocheckpoint == 0)

            let seller = try await app.register()
            for index in 0..<30 { _ = try await app.createListing(.sample("Lamp \(index)"), token: seller.token) }
            // New listings are matched against saved searches after their request: that work is
            // done before the log is watched for quiet.
            try await SavedSearchMatcher.matchQueued(app.domainServices())
            try await Task.sleep(for: .milliseconds(300))
            guard case .sqlite(let path) = app.settings.database else { return }
            let checkpointer = SQLiteCheckpointer(path: path, idleRounds: 2)

            let first = try await checkpointer.round()
            #expect(first.logFrames > 0 && first.checkpointed == first.logFrames && !first.truncated, "\(first)")
            #expect(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0 > 0)
            _ = try await checkpointer.round()
            let quiet = try await checkpointer.round()  // two rounds without a new frame
            #expect(quiet.truncated && quiet.logFrames == 0, "\(quiet)")
            #expect(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int == 0)

            // Writes go on as before, into the emptied log.
            _ = try await app.createListing(.sample("Desk"), token: seller.token)
            #expect(try await checkpointer.round().logFrames > 0)
            await checkpointer.close()
        }
        try await database.drop()
    }
}
