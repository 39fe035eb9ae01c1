import Fluent
import Foundation
import MarketCore

/// Adding, removing and ordering a listing's photos (owner only).
struct ListingPhotoService {
    let database: any Database
    let listings: ListingService
    let store: PhotoStore
    let now: Date

    func add(_ bytes: [UInt8], to listingID: UUID, by user: User) async throws -> ListingPhotoRecord {
        _ = try await listings.owned(listingID, by: user)
        guard bytes.count <= PhotoStore.maxBytes else {
            throw APIError(.payloadTooLarge, code: "photo_too_large", message: "A photo may be at most 5 MB.",
                           fields: ["photo": "must be at most 5 MB"])
        }
        guard let type = PhotoStore.sniff(bytes) else {
            throw APIError.validation(["photo": "must be a JPEG, PNG or WebP image"])
        }
        let count = try await ListingPhotoRecord.query(on: database).filter(\.$listing.$id == listingID).count()
        guard count < PhotoStore.maxPerListing else {
            throw APIError(.conflict, code: "too_many_photos", message: "A listing has at most \(PhotoStore.maxPerListing) photos; delete one first.")
        }
        let fileName = try store.save(bytes, as: type)
        let record = ListingPhotoRecord(listingID: listingID, fileName: fileName, contentType: type.contentType,
                                        byteCount: Int64(bytes.count), position: count, createdAt: now)
        do {
            try await record.create(on: database)
        } catch {
            try? await store.removeIfUnreferenced(fileName, on: database)  // a failed upload leaves nothing
            throw error
        }
        return record
    }

    func remove(_ photoID: UUID, from listingID: UUID, by user: User) async throws {
        _ = try await listings.owned(listingID, by: user)
        guard let record = try await ListingPhotoRecord.query(on: database)
            .filter(\.$id == photoID).filter(\.$listing.$id == listingID).first() else {
            throw APIError(.notFound, code: "photo_not_found", message: "This listing has no photo with this id.")
        }
        try await record.delete(on: database)
        try await store.removeIfUnreferenced(record.fileName, on: database)
    }

    /// Puts the photos in the given order; the list must name each of the listing's photos once.
    func reorder(_ listingID: UUID, to photoIDs: [UUID], by user: User) async throws -> [ListingPhotoRecord] {
        _ = try await listings.owned(listingID, by: user)
        return try await database.transaction { db in
            let records = try await ListingPhotoRecord.query(on: db).filter(\.$listing.$id == listingID).all()
            guard Set(photoIDs) == Set(records.compactMap(\.id)), photoIDs.count == records.count else {
                throw APIError.validation(["photoIds": "must list each of this listing's \(records.count) photos exactly once"])
            }
            let byID = Dictionary(uniqueKeysWithValues: records.map { ($0.id!, $0) })
            for (position, id) in photoIDs.enumerated() {
                let record = byID[id]!
                record.position = position
                try await record.save(on: db)
            }
            return photoIDs.map { byID[$0]! }
        }
    }
}
