import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Listing photos")
struct ListingPhotoTests {
    /// The photos the store holds, wherever it keeps them.
    static func photoFiles(_ app: Application) async throws -> [String] {
        try await app.photoStorage.list().map(\.name).filter(PhotoStore.isValidName)
    }

    @Test("a PNG named .jpg is stored and served as PNG, with long-lived caching", arguments: PhotoStoreKind.available)
    func sniffsRealType(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)

            let response = try await app.uploadPhoto(SampleImages.png, named: "holiday.jpg", declaredType: "image/jpeg", to: listing.id, token: seller.token)

            #expect(response.status == .created)
            let photo = try response.decode(ListingPhoto.self)
            #expect(photo.contentType == "image/png")
            #expect(photo.url.hasSuffix(".png"))
            let served = try await app.send(.GET, photo.url)
            #expect(served.status == .ok)
            #expect(served.headers.first(name: .contentType) == "image/png")
            #expect(served.headers.first(name: .cacheControl)?.contains("max-age=31536000") == true)
            #expect(Array(served.body.readableBytesView) == SampleImages.png)
        }
    }

    @Test("JPEG and WebP (lossless and lossy) are recognised by their bytes", arguments: [
        (SampleImages.jpeg, "image/jpeg"), (SampleImages.webp, "image/webp"), (SampleImages.lossyWebP, "image/webp"),
    ])
    func otherTypes(bytes: [UInt8], type: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)

            let response = try await app.uploadPhoto(bytes, named: "x.png", to: listing.id, token: seller.token)

            #expect(response.status == .created)
            #expect(try response.decode(ListingPhoto.self).contentType == type)
        }
    }

    @Test("a text file named .jpg is rejected with 422 and leaves no file behind", arguments: PhotoStoreKind.available)
    func rejectsNonImages(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)

            let response = try await app.uploadPhoto(SampleImages.text, named: "photo.jpg", to: listing.id, token: seller.token)

            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?["photo"] != nil)
            #expect(try await Self.photoFiles(app).isEmpty)
            #expect(try await ListingPhotoRecord.query(on: app.db).count() == 0)
        }
    }

    @Test("a photo over 5 MB is refused with 413 and leaves nothing behind", arguments: PhotoStoreKind.available)
    func tooLarge(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let oversized = SampleImages.png + Array(repeating: 0, count: PhotoStore.maxBytes)

            let response = try await app.uploadPhoto(oversized, named: "huge.png", to: listing.id, token: seller.token)

            #expect(response.status == .payloadTooLarge)
            #expect(try response.error.fields?["photo"] != nil)
            #expect(try await Self.photoFiles(app).isEmpty)
        }
    }

    @Test("only the owner uploads; at most 8 photos per listing", arguments: PhotoStoreKind.available)
    func ownerAndLimit(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let other = try await app.register()
            let listing = try await app.createListing(token: seller.token)

            let byOther = try await app.uploadPhoto(SampleImages.png, named: "a.png", to: listing.id, token: other.token)
            #expect(byOther.status == .forbidden)
            for index in 0..<8 {
                let bytes = PhotoMetadata.distinctPNG(index)
                #expect(try await app.uploadPhoto(bytes, named: "\(index).png", to: listing.id, token: seller.token).status == .created)
            }
            let ninth = try await app.uploadPhoto(SampleImages.jpeg, named: "9.jpg", to: listing.id, token: seller.token)

            #expect(ninth.status == .conflict)
            #expect(try await Self.photoFiles(app).count == 8)
        }
    }

    @Test("the owner reorders and deletes photos; a deleted photo's file goes unless another photo shares it", arguments: PhotoStoreKind.available)
    func reorderAndDelete(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let first = try await app.uploadPhoto(SampleImages.png, named: "a.png", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            let second = try await app.uploadPhoto(SampleImages.jpeg, named: "b.jpg", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            let duplicate = try await app.uploadPhoto(SampleImages.png, named: "c.png", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            #expect(duplicate.url == first.url)

            let reordered = try await app.send(.PUT, "/api/v1/listings/\(listing.id)/photos/order",
                                               json: PhotoOrder(photoIds: [second.id, duplicate.id, first.id]), token: seller.token)
            #expect(reordered.status == .ok)
            let read = try await app.send(.GET, "/api/v1/listings/\(listing.id)").decode(MarketCore.Listing.self)
            #expect(read.photos.map(\.id) == [second.id, duplicate.id, first.id])
            // The feed reads each listing's photos with its row (`PhotoList`): the same, in order.
            let feed = try await app.send(.GET, "/api/v1/listings?limit=5").decode(ListingPage.self)
            #expect(feed.items.first { $0.id == listing.id }?.photos == read.photos)
            let badOrder = try await app.send(.PUT, "/api/v1/listings/\(listing.id)/photos/order",
                                              json: PhotoOrder(photoIds: [second.id]), token: seller.token)
            #expect(badOrder.status == .unprocessableEntity)

            #expect(try await app.send(.DELETE, "/api/v1/listings/\(listing.id)/photos/\(first.id)", token: seller.token).status == .noContent)
            #expect(try await Self.photoFiles(app).count == 2)  // the PNG is still used by `duplicate`
            #expect(try await app.send(.DELETE, "/api/v1/listings/\(listing.id)/photos/\(duplicate.id)", token: seller.token).status == .noContent)
            #expect(try await Self.photoFiles(app).count == 1)
        }
    }

    @Test("deleting a listing removes its photo files", arguments: PhotoStoreKind.available)
    func deleteListingRemovesFiles(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            try await app.uploadPhoto(SampleImages.png, named: "a.png", to: listing.id, token: seller.token)

            try await app.send(.DELETE, "/api/v1/listings/\(listing.id)", token: seller.token)

            #expect(try await Self.photoFiles(app).isEmpty)
        }
    }

    @Test("photo names that are not ours are refused (403 or 404), so no path escapes the photo directory", arguments: PhotoStoreKind.available)
    func safeNames(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let traversal = try await app.send(.GET, "/photos/..%2F..%2Fetc%2Fpasswd")
            let missing = try await app.send(.GET, "/photos/\(String(repeating: "a", count: 64)).png")

            #expect(traversal.status == .notFound || traversal.status == .forbidden)  // Vapor's file middleware refuses ".." itself
            #expect(!traversal.text.contains("root:"))
            #expect(missing.status == .notFound)
        }
    }

    @Test("one account stores at most 60 photos an hour, and 40 MB of photos on no listing; refused before decoding")
    func uploadQuota() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let user = try #require(try await UserRecord.find(seller.user.id, on: app.db))
            let quota = PhotoQuota(database: app.db, now: Date())
            // 40 MB staged and never saved: the next photo is refused, with the reason in words.
            for number in 0..<8 { try await quota.record(seller.user.id, fileName: "staged\(number).jpg", byteCount: 5 * 1_048_576) }
            do {
                _ = try await app.domainServices().listingPhotos.stage(SampleImages.jpeg, by: user)
                Issue.record("a photo past the unsaved quota was stored")
            } catch let error as APIError {
                #expect(error.status == .tooManyRequests && error.code == "too_many_unsaved_photos" && error.message.english.contains("40 MB"))
            }
            // Another account is not affected; and an hour's 60 uploads stop the 61st.
            let other = try await app.register()
            for number in 0..<60 { try await quota.record(other.user.id, fileName: "p\(number).jpg", byteCount: 1) }
            let otherListing = try await app.createListing(token: other.token)
            let sixtyFirst = try await app.uploadPhoto(SampleImages.png, named: "a.png", to: otherListing.id, token: other.token)
            #expect(sixtyFirst.status == .tooManyRequests)
            #expect(try sixtyFirst.error.message.contains("Too many photo uploads"))
            #expect(try await app.uploadPhoto(SampleImages.png, named: "a.png", to: listing.id, token: seller.token).status == .tooManyRequests)
        }
    }

    @Test("with REQUIRE_VERIFIED on, an unverified account cannot stage photos in the editor; nothing is stored")
    func stagingNeedsVerification() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let newcomer = try await app.register(email: "new@umich.edu", name: "New Comer")
            let user = try #require(try await UserRecord.find(newcomer.user.id, on: app.db))
            let before = try await app.photoStorage.list().count
            do {
                _ = try await app.domainServices().listingPhotos.stage(SampleImages.jpeg, by: user)
                Issue.record("an unverified account staged a photo")
            } catch let error as APIError {
                #expect(error.status == .forbidden && error.code == "verification_required")
            }
            #expect(try await app.photoStorage.list().count == before)
            try await app.markVerified(newcomer)
            let verified = try #require(try await UserRecord.find(newcomer.user.id, on: app.db))
            #expect(try await !app.domainServices().listingPhotos.stage(SampleImages.jpeg, by: verified).isEmpty)
        }
    }
}
