import Fluent
import Foundation
import MarketCore
import PhotoCodec

/// One photo of a listing. The file is kept by the photo store (`PhotoStore`), named by the
/// SHA-256 of its bytes, so identical uploads share one file; what is known of the file (its
/// size, the copies made of it) is in `photo_files` (`PhotoFiles`).
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
    /// The photo as the API shows it: served from `/photos/<file name>`, with the copies made of
    /// it (`PhotoVariants`) when `file` records them.
    init(id: UUID, fileName: String, contentType: String, file: PhotoFile?) {
        let variants = file.map { file in
            file.variantWidths.map { width in
                PhotoVariant(width: width, height: RGBImage.height(ofWidth: width, for: (file.width, file.height)),
                             url: "/photos/" + PhotoStore.variantName(of: fileName, width: width))
            }
        } ?? []
        self.init(id: id, url: "/photos/" + fileName, contentType: contentType, width: file?.width, height: file?.height,
                  placeholderColor: file.flatMap { $0.colour.isEmpty ? nil : $0.colour }, variants: variants)
    }

    init(_ record: ListingPhotoRecord, file: PhotoFile?) throws {
        self.init(id: try record.requireID(), fileName: record.fileName, contentType: record.contentType, file: file)
    }
}
