import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Photos keep no secrets and are really images: the GPS position and other metadata a phone
/// writes are removed before storing, and only well-formed images are accepted.
@Suite("Photo metadata and structure")
struct PhotoScrubbingTests {
    @Test("EXIF with a GPS position, comments and text chunks are stripped; the image itself is kept", arguments: [
        ("jpeg", PhotoMetadata.jpeg, SampleImages.jpeg),
        ("png", PhotoMetadata.png, SampleImages.png),
    ])
    func stripsMetadata(format: String, tagged: [UInt8], clean: [UInt8]) async throws {
        #expect(PhotoMetadata.contains(tagged, PhotoMetadata.marker), "the test image must carry the GPS marker")
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)

            let photo = try await app.uploadPhoto(tagged, named: "IMG_0001.\(format)", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            let served = try await app.send(.GET, photo.url)

            let bytes = Array(served.body.readableBytesView)
            #expect(!PhotoMetadata.contains(bytes, PhotoMetadata.marker))
            #expect(bytes == clean, "what is left is exactly the image without its metadata")
            #expect(served.headers.first(name: "X-Content-Type-Options") == "nosniff")
        }
    }

    @Test("a WebP loses its EXIF and XMP chunks and the VP8X flags that announced them")
    func webp() throws {
        let tagged = PhotoMetadata.webp
        #expect(PhotoMetadata.contains(tagged, PhotoMetadata.marker))

        let image = try ImageScrubber.scrub(tagged)

        #expect(image.type == .webp)
        #expect(image.width == 3 && image.height == 2)
        #expect(!PhotoMetadata.contains(image.bytes, PhotoMetadata.marker))
        #expect(image.bytes[20] & 0x0C == 0, "EXIF and XMP flags cleared")
        #expect(image.bytes.uintLE(at: 4, bytes: 4) == image.bytes.count - 8, "the RIFF size matches what is left")
    }

    @Test("the size is read from each format's header", arguments: [SampleImages.jpeg, SampleImages.png, SampleImages.webp, SampleImages.lossyWebP])
    func dimensions(bytes: [UInt8]) throws {
        let image = try ImageScrubber.scrub(bytes)
        #expect(image.width == 3 && image.height == 2)
    }

    @Test("truncated files are refused, whatever the format", arguments: [
        Array(SampleImages.jpeg.prefix(SampleImages.jpeg.count - 30)),
        Array(SampleImages.png.prefix(SampleImages.png.count - 12)),
        Array(SampleImages.webp.prefix(SampleImages.webp.count - 6)),
        Array(SampleImages.jpeg.prefix(4)),
    ])
    func truncated(bytes: [UInt8]) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)

            let response = try await app.uploadPhoto(bytes, named: "cut.jpg", to: listing.id, token: seller.token)

            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?["photo"]?.contains("not a complete") == true)
            #expect(try await ListingPhotoRecord.query(on: app.db).count() == 0)
        }
    }

    @Test("the PNG signature in front of an HTML page is not a photo")
    func polyglotSignature() async throws {
        let html = PNGScrubber.signature + Array("<html><script>alert(document.cookie)</script></html>".utf8)
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)

            let response = try await app.uploadPhoto(html, named: "cat.png", to: listing.id, token: seller.token)

            #expect(response.status == .unprocessableEntity)
        }
    }

    @Test("whatever follows the image's end is dropped, so an image that is also a page is stored as the image alone", arguments: [
        SampleImages.jpeg, SampleImages.png,
    ])
    func trailingPageDropped(image: [UInt8]) throws {
        let page = Array("<html><script>alert(1)</script></html>".utf8)
        let scrubbed = try ImageScrubber.scrub(image + page)
        #expect(scrubbed.bytes == image)
    }

    @Test("a PNG with a broken checksum or absurd dimensions is refused")
    func corruptAndAbsurd() throws {
        var corrupt = SampleImages.png
        corrupt[30] ^= 0xFF  // inside IHDR: the CRC no longer matches
        #expect(throws: ImageScrubber.Problem.malformed("PNG")) { try ImageScrubber.scrub(corrupt) }

        var huge = Array(SampleImages.png.prefix(8)) + PhotoMetadata.chunk("IHDR", PhotoMetadata.be32(100_000) + PhotoMetadata.be32(100_000) + [8, 2, 0, 0, 0])
        huge += Array(SampleImages.png.dropFirst(8 + 25))
        #expect(throws: ImageScrubber.Problem.tooLarge(width: 100_000, height: 100_000)) { try ImageScrubber.scrub(huge) }
    }
}
