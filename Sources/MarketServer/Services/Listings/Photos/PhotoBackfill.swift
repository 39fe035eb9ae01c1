import Fluent
import Foundation
import SQLKit

/// Makes the smaller copies of photos stored before they were made on upload
/// (`campusmarket photos backfill`). Resumable: what is done is in `photo_files`, and only
/// listing photos without a row there are read. Safe while serving: a copy's bytes are decided by
/// the original's, so writing one again changes nothing, and a row already recorded is kept.
struct PhotoBackfill {
    let database: any Database
    let store: PhotoStore

    struct Outcome: Equatable {
        var made = 0
        /// Names whose bytes are missing or no longer read as an image, with why.
        var failed: [String: String] = [:]
    }

    /// `progress` hears each photo's name as it is done.
    func run(progress: (String) -> Void = { _ in }) async throws -> Outcome {
        var outcome = Outcome()
        var after = ""
        while true {
            // A page at a time, by name: a failed photo is passed, not read again forever.
            let names = try await database.sql.raw("""
                SELECT DISTINCT p.file_name FROM listing_photos p LEFT JOIN photo_files f ON f.file_name = p.file_name
                WHERE f.file_name IS NULL AND p.file_name > \(bind: after) ORDER BY p.file_name LIMIT 50
                """).all().map { try $0.decode(column: "file_name", as: String.self) }
            guard let last = names.last else { return outcome }
            after = last
            for name in names {
                guard let bytes = try await store.storage.bytes(of: name) else {
                    outcome.failed[name] = "not in the photo store"
                    continue
                }
                do {
                    let image = try ImageScrubber.scrub(bytes)
                    let copies = try await store.makeCopies(of: image, named: name)
                    try await store.write(copies.objects)
                    try await PhotoFiles(database: database).insert(copies.file, for: name)
                    outcome.made += 1
                    progress(name)
                } catch let problem as ImageScrubber.Problem {
                    outcome.failed[name] = "the photo \(problem.message)"
                }
            }
        }
    }
}
