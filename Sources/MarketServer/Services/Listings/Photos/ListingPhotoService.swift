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
    func add(_ bytes: [UInt8], to listingID: UUID, by user: UserRecord) async throws -> ListingPhotoRecord {
        _ = try await listings.owned(listingID, by: user)
        guard bytes.count <= PhotoStore.maxBytes else {
            let limit = "\(PhotoStore.maxBytes / 1_048_576) MB"
            throw APIError(.payloadTooLarge, code: "photo_too_large", message: "A photo may be at most \(limit).",
                           fields: ["photo": "must be at most \(limit)"])
        }
        let image: ImageScrubber.CleanImage
        do {
            image = try ImageScrubber.scrub(bytes)
        } catch {
            throw APIError.validation(["photo": error.message])
        }
        let fileName = try store.save(image.bytes, as: image.type)
        do {
            return try await writes.run { db in
                _ = try await ListingLock.lock(listingID, on: db)
                let count = try await ListingPhotoRecord.query(on: db).filter(\.$listing.$id == listingID).count()
                guard count < PhotoStore.maxPerListing else {
                    throw APIError(.conflict, code: "too_many_photos",
                                   message: "A listing has at most \(PhotoStore.maxPerListing) photos; delete one first.")
                }
                let record = ListingPhotoRecord(listingID: listingID, fileName: fileName, contentType: image.type.contentType,
                                                byteCount: Int64(image.bytes.count), position: count, createdAt: now)
                try await record.create(on: db)
                return record
            }
        } catch {
            try? await store.removeIfUnreferenced(fileName, on: database)  // a refused upload leaves nothing
            throw error
        }
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
        return try await database.transaction { db in
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
