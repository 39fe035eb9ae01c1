import Fluent
import Foundation
import MarketCore

/// Adding, removing and ordering a listing's photos (owner only).
struct ListingPhotoService {
    let database: any Database
    let writes: WriteTransactions
    let listings: ListingService
    let store: PhotoStore
    let now: Date

    /// Checks the upload is a real image, strips its metadata, stores the clean bytes and adds
    /// it last. The count and the insert run under the listing lock, so instances racing to add
    /// photos cannot pass the limit together.
    /// `limited` false: the operator's own work (`seed`), not a student's upload.
    func add(_ bytes: [UInt8], to listingID: UUID, by user: UserRecord, limited: Bool = true) async throws -> ListingPhotoRecord {
        _ = try await listings.owned(listingID, by: user)
        let (fileName, byteCount) = try await storeClean(bytes, by: user, limited: limited)
        do {
            return try await writes.run { tx in
                _ = try await tx.lockListing(listingID)
                let count = try await ListingPhotoRecord.query(on: tx.db).filter(\.$listing.$id == listingID).count()
                guard count < ListingPhoto.maxPerListing else { throw APIError.tooManyPhotos }
                let record = try makeRecord(fileName, byteCount: byteCount, listingID: listingID, position: count)
                try await record.create(on: tx.db)
                return record
            }
        } catch {
            try? await store.removeIfUnreferenced(fileName, on: database)  // a refused upload leaves nothing
            throw error
        }
    }

    /// Checks the upload is a real image, strips its metadata and stores the clean bytes, before
    /// any listing holds it (the web editor's photo step). Returns the stored file's name.
    func stage(_ bytes: [UInt8], by user: UserRecord) async throws -> String {
        // Only someone who may list may store photos for a listing to come (`REQUIRE_VERIFIED`).
        try listings.trust.requireVerified(user)
        return try await storeClean(bytes, by: user).name
    }

    /// The checks (size, the account's quota), the scrubbing and the storing; the stored name and size.
    private func storeClean(_ bytes: [UInt8], by user: UserRecord, limited: Bool = true) async throws -> (name: String, byteCount: Int) {
        guard bytes.count <= PhotoStore.maxBytes else {
            let limit = "\(PhotoStore.maxBytes / 1_048_576) MB"
            throw APIError(.payloadTooLarge, code: "photo_too_large", message: "A photo may be at most \(limit).",
                           fields: ["photo": "must be at most \(limit)"])
        }
        let quota = PhotoQuota(database: database, now: now)
        let userID = try user.requireID()
        if limited { try await quota.check(userID, adding: bytes.count) }
        let image: ImageScrubber.CleanImage
        do {
            image = try ImageScrubber.scrub(bytes)
        } catch {
            throw APIError.validation(["photo": error.message])
        }
        let name: String
        do {
            name = try await store.save(image, on: database)
        } catch .image(let problem) {
            throw APIError.validation(["photo": problem.message])
        } catch .store(let error) {
            throw error
        }
        if limited { try await quota.record(userID, fileName: name, byteCount: image.bytes.count) }
        return (name, image.bytes.count)
    }

    /// Makes the listing's photos exactly `fileNames`, in that order: stored files only (staged
    /// or already on the listing), at most the limit. Runs under the listing lock.
    func setPhotos(_ fileNames: [String], of listingID: UUID, by user: UserRecord) async throws {
        _ = try await listings.owned(listingID, by: user)
        guard fileNames.count <= ListingPhoto.maxPerListing else { throw APIError.tooManyPhotos }
        // Checked before the lock: a store round trip each.
        var found: [String: Int] = [:]
        for name in fileNames where found[name] == nil {
            guard let size = try await store.size(of: name) else { throw APIError.validation(["photos": "name photos this server stored"]) }
            found[name] = size
        }
        let sizes = found
        let dropped = try await writes.run { tx -> [String] in
            _ = try await tx.lockListing(listingID)
            let existing = try await ListingPhotoRecord.query(on: tx.db).filter(\.$listing.$id == listingID).all()
            var kept: [String: ListingPhotoRecord] = [:]
            var dropped: [String] = []
            for record in existing {
                if fileNames.contains(record.fileName), kept[record.fileName] == nil { kept[record.fileName] = record } else {
                    try await record.delete(on: tx.db)
                    dropped.append(record.fileName)
                }
            }
            for (position, name) in fileNames.enumerated() {
                if let record = kept.removeValue(forKey: name) {
                    record.position = position
                    try await record.save(on: tx.db)
                } else if !fileNames[..<position].contains(name) {
                    try await makeRecord(name, byteCount: sizes[name] ?? 0, listingID: listingID, position: position).create(on: tx.db)
                }
            }
            return dropped
        }
        for name in dropped { try await store.removeIfUnreferenced(name, on: database) }
    }

    /// The photos as the API shows them, with what `photo_files` records of each.
    func present(_ records: [ListingPhotoRecord]) async throws -> [ListingPhoto] {
        let files = try await PhotoFiles(database: database).files(records.map(\.fileName))
        return try records.map { try ListingPhoto($0, file: files[$0.fileName]) }
    }

    private func makeRecord(_ fileName: String, byteCount: Int, listingID: UUID, position: Int) throws -> ListingPhotoRecord {
        guard let type = PhotoStore.ImageType(fileName: fileName) else { throw APIError.validation(["photos": "name photos this server stored"]) }
        return ListingPhotoRecord(listingID: listingID, fileName: fileName, contentType: type.contentType,
                                  byteCount: Int64(byteCount), position: position, createdAt: now)
    }

    func remove(_ photoID: UUID, from listingID: UUID, by user: UserRecord) async throws {
        _ = try await listings.owned(listingID, by: user)
        guard let record = try await ListingPhotoRecord.query(on: database)
            .filter(\.$id == photoID).filter(\.$listing.$id == listingID).first() else {
            throw APIError.photoNotFound
        }
        try await record.delete(on: database)
        try await store.removeIfUnreferenced(record.fileName, on: database)
    }

    /// Puts the photos in the given order; the list must name each of the listing's photos once.
    func reorder(_ listingID: UUID, to photoIDs: [UUID], by user: UserRecord) async throws -> [ListingPhotoRecord] {
        _ = try await listings.owned(listingID, by: user)
        return try await database.tracedTransaction { db in
            let records = try await ListingPhotoRecord.query(on: db).filter(\.$listing.$id == listingID).all()
            let byID = Dictionary(uniqueKeysWithValues: try records.map { (try $0.requireID(), $0) })
            guard Set(photoIDs) == Set(byID.keys), photoIDs.count == records.count else {
                throw APIError.validation(["photoIds": "must list each of this listing's \(records.count) photos exactly once"])
            }
            var ordered: [ListingPhotoRecord] = []
            for (position, id) in photoIDs.enumerated() {
                guard let record = byID[id] else { continue }  // every id was checked above
                record.position = position
                try await record.save(on: db)
                ordered.append(record)
            }
            return ordered
        }
    }
}
