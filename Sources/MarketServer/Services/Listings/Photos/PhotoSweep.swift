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
            // A copy (`<digest>-640.jpg`) is used while its original is, whatever the original's type.
            let originals = Set(batch.filter(PhotoStore.isValidName).flatMap { name in
                PhotoStore.isOriginalName(name) ? [name] : PhotoStore.ImageType.allCases.map { PhotoStore.digest(of: name) + "." + $0.rawValue }
            })
            let used = originals.isEmpty ? [] : Set(try await ListingPhotoRecord.query(on: database)
                .filter(\.$fileName ~~ Array(originals)).all(\.$fileName).map(PhotoStore.digest(of:)))
            for name in batch where !(PhotoStore.isValidName(name) && used.contains(PhotoStore.digest(of: name))) {
                try await storage.delete(name)
                if PhotoStore.isOriginalName(name) { try await PhotoFiles(database: database).delete(name) }
                removed += 1
            }
        }
        return removed
    }
}
