import Fluent
import Foundation
import MarketCore

/// One photo of a listing. The file lives under `DATA_DIR/photos/<file_name>`, named by the
/// SHA-256 of its bytes, so identical uploads share one file.
final class ListingPhotoRecord: Model, @unchecked Sendable {
    static let schema = "listing_photos"

    @ID(key: .id) var id: UUID?
    @Parent(key: "listing_id") var listing: ListingRecord
    @Field(key: "file_name") var fileName: String
    @Field(key: "content_type") var contentType: String
    @Field(key: "byte_count") var byteCount: Int64
    @Field(key: "position") var position: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(listingID: UUID, fileName: String, contentType: String, byteCount: Int64, position: Int, createdAt: Date) {
        self.$listing.id = listingID
        self.fileName = fileName
        self.contentType = contentType
        self.byteCount = byteCount
        self.position = position
        self.createdAt = createdAt
    }
}

extension MarketCore.ListingPhoto {
    /// The photo as the API shows it: served from `/photos/<file name>`.
    init(id: UUID, fileName: String, contentType: String) {
        self.init(id: id, url: "/photos/" + fileName, contentType: contentType)
    }

    init(_ record: ListingPhotoRecord) throws {
        self.init(id: try record.requireID(), fileName: record.fileName, contentType: record.contentType)
    }
}
