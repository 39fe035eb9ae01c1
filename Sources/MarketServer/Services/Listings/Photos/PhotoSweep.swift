import Fluent
import Foundation
import SQLKit

/// Deletes stored photos no listing uses: photos staged in the editor and never saved, the
/// leftovers of an instance that died between storing and deleting, half-written temporary
/// files. Only what is older than `grace` goes, so a photo being added is never taken.
struct PhotoSweep {
    let database: any Database
    let storage: any PhotoStorage
    let grace: TimeInterval
    let now: Date

    /// Returns how many it deleted.
    @discardableResult
    func sweep() async throws -> Int {
        // Only names this server writes: a bucket may hold other things beside the photos.
        let old = try await storage.list()
            .filter { (PhotoStore.isValidName($0.name) || $0.name.hasPrefix(LocalPhotoStorage.stagingPrefix)) && $0.modified < now.addingTimeInterval(-grace) }
            .map(\.name)
        var removed = 0
        // A few hundred names a query: the list of a big bucket would not fit in one statement.
        for start in stride(from: 0, to: old.count, by: 500) {
            let batch = Array(old[start..<min(start + 500, old.count)])
            let photoNames = batch.filter(PhotoStore.isValidName)
            let used = photoNames.isEmpty ? [] : Set(try await ListingPhotoRecord.query(on: database)
                .filter(\.$fileName ~~ photoNames).all(\.$fileName))
            for name in batch where !used.contains(name) {
                try await storage.delete(name)
                removed += 1
            }
        }
        return removed
    }
}
