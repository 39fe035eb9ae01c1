import CZlib
import Foundation
import MarketCore
@testable import MarketServer
import PhotoCodec
import Testing
import Vapor

/// The smaller copies a screen needs, made from camera-sized photos on upload by the real
/// decoders (libjpeg-turbo, libpng), and what hostile images cannot make the server do.
@Suite("Photo sizes")
struct PhotoVariantTests {
    static let camera = CameraPhotos.jpeg(width: 4032, height: 3024, exifOrientation: 1)

    @Test("a camera photo gets progressive copies 320, 640, 1080 and 1600 wide, served forever; the JSON lists each with its size", arguments: PhotoStoreKind.available)
    func cameraPhoto(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let upload = try await app.uploadPhoto(Self.camera, named: "IMG_0001.jpg", to: listing.id, token: seller.token)
            #expect(upload.status == .created)
            let photo = try upload.decode(ListingPhoto.self)
            #expect(photo.width == 4032 && photo.height == 3024)
            #expect(photo.variants.map(\.width) == [320, 640, 1080, 1600])
            #expect(photo.variants.map(\.height) == [240, 480, 810, 1200])
            // The gradient's average: red and green about half, blue 128.
            let colour = try #require(photo.placeholderColor)
            let value = try #require(Int(colour.dropFirst(), radix: 16))
            #expect(abs((value >> 16) - 127) < 12 && abs((value >> 8 & 0xFF) - 127) < 12 && abs((value & 0xFF) - 128) < 8)
            for variant in photo.variants {
                let served = try await app.send(.GET, variant.url)
                #expect(served.status == .ok)
                #expect(served.headers.first(name: .contentType) == "image/jpeg")
                #expect(served.headers.first(name: .cacheControl) == "public, max-age=31536000, immutable")
                let frame = try #require(CameraPhotos.frame(of: Array(served.body.readableBytesView)))
                #expect(frame.width == variant.width && frame.height == variant.height && frame.progressive)
            }
            // The listing's JSON, from the feed's statement and from the listing's own, says the same.
            let detail = try await app.send(.GET, "/api/v1/listings/\(listing.id)").decode(Listing.self)
            #expect(detail.photos == [photo])
            let feed = try await app.send(.GET, "/api/v1/listings").decode(ListingPage.self)
            #expect(feed.items.first { $0.id == listing.id }?.photos == [photo])
            // The smallest copy is a small fraction of the original.
            let smallest = try await app.send(.GET, photo.variants[0].url)
            #expect(smallest.body.readableBytes * 40 < Self.camera.count)
        }
    }

    @Test("a portrait photo (EXIF orientation 6) is upright in every size, and the original keeps its orientation but not its GPS position")
    func portrait() async throws {
        // Stored on its side, as a phone held upright stores it: what is seen on top is stored on the left.
        let stored = CameraPhotos.jpeg(width: 800, height: 600, left: (220, 30, 30), right: (30, 30, 220), exifOrientation: 6)
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let photo = try await app.uploadPhoto(stored, named: "portrait.jpg", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            #expect(photo.width == 600 && photo.height == 800)
            #expect(photo.variants.map(\.width) == [320])
            #expect(photo.variants.map(\.height) == [427])
            let copy = Array(try await app.send(.GET, photo.variants[0].url).body.readableBytesView)
            let image = try PhotoDecoder.decode(copy, as: .jpeg, fittingWidth: 320, maxSide: 12_000)
            #expect(image.width == 320 && image.height == 427)
            let top = image.pixel(x: 160, y: 20), bottom = image.pixel(x: 160, y: 400)
            #expect(top.0 > 180 && top.2 < 80, "the top is red: \(top)")
            #expect(bottom.2 > 180 && bottom.0 < 80, "the bottom is blue: \(bottom)")
            let original = Array(try await app.send(.GET, photo.url).body.readableBytesView)
            let app1 = try #require(CameraPhotos.segments(of: original).first { $0.marker == 0xE1 }?.payload)
            #expect(ExifOrientation.read(app1[...]) == 6)
            #expect(app1.count < 40, "the orientation alone, no GPS directory")
        }
    }

    @Test("a photo over 50 megapixels is refused with 422 naming the limit, before any pixel is decoded")
    func overPixelLimit() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            // A frame header claiming 8200 × 6200 (50.8 MP) and a scan of a few bytes: decoding
            // it would allocate the claimed size; reading the header does not.
            let claim = Self.jpegHeader(width: 8200, height: 6200)
            let response = try await app.uploadPhoto(claim, named: "huge.jpg", to: listing.id, token: seller.token)
            #expect(response.status == .unprocessableEntity)
            #expect(response.text.contains("50 megapixels"))
            #expect(try await ListingPhotoTests.photoFiles(app).isEmpty)
        }
    }

    @Test("a PNG that inflates to 147 MB of pixels (a 40 KB decompression bomb) is taken: its copies are made")
    func decompressionBomb() async throws {
        let bomb = Self.blankPNG(width: 7000, height: 7000)
        #expect(bomb.count < 200_000)
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let response = try await app.uploadPhoto(bomb, named: "bomb.png", to: listing.id, token: seller.token)
            #expect(response.status == .created)
            let photo = try response.decode(ListingPhoto.self)
            #expect(photo.variants.map(\.width) == [320, 640, 1080, 1600])
        }
    }

    /// In a process of its own: a peak of the test process's memory counts every test running
    /// beside it (a camera photo's upload is tens of MB), and once another test has set a high
    /// peak, growth under it is not seen at all.
    @Test("the decompression bomb is decoded a row at a time: making its copies raises the peak memory of a process of its own by a few MB, not 147")
    func decompressionBombMemory() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let bomb = PhotoVariantTests.blankPNG(width: 7000, height: 7000)
            let before = PhotoVariantTests.resetPeakResidentBytes()
            guard let made = try PhotoVariants.make(from: ImageScrubber.scrub(bomb)), made.variants.count == 4 else {
                exit(EXIT_FAILURE)
            }
            print(PhotoVariantTests.peakResidentBytes() - before)
        }
        let output = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        let grown = try #require(Int(output.trimmingCharacters(in: .whitespacesAndNewlines)), "the child said \(output)")
        // Decoded whole it would need 147 MB as RGB, 49 MB as grey; a row at a time, the copies
        // (1600 × 1600 × 3 is 7.7 MB) and their JPEGs.
        #expect(grown < 40_000_000, "peak memory grew by \(grown / 1_000_000) MB")
    }

    @Test("a JPEG with a damaged table and a PNG whose pixels are cut short are refused with 422, leaving nothing stored", arguments: PhotoStoreKind.available)
    func damaged(store: PhotoStoreKind) async throws {
        var badTable = CameraPhotos.jpeg(width: 400, height: 300)
        let table = try #require((0..<(badTable.count - 1)).first { badTable[$0] == 0xFF && badTable[$0 + 1] == 0xC4 })
        for at in (table + 5)..<(table + 21) { badTable[at] = 0xFF }  // code counts summing past 256
        let shortPNG = Self.blankPNG(width: 600, height: 400, rows: 200)  // the data ends at row 200
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            for (bytes, name) in [(badTable, "table.jpg"), (shortPNG, "short.png")] {
                let response = try await app.uploadPhoto(bytes, named: name, to: listing.id, token: seller.token)
                #expect(response.status == .unprocessableEntity, "\(name)")
                #expect(response.text.contains("\"photo\""), "\(name): the field is named")
            }
            #expect(try await ListingPhotoTests.photoFiles(app).isEmpty)
        }
    }

    @Test("removing a photo removes its copies; the sweep keeps the copies of a photo in use and removes those of one that is not", arguments: PhotoStoreKind.available)
    func copiesGoWithTheOriginal(store: PhotoStoreKind) async throws {
        let clock = TestClock(start: Date())
        try await withTestApp(photos: store, clock: clock) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let kept = try await app.uploadPhoto(CameraPhotos.jpeg(width: 700, height: 500), named: "a.jpg", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            let removed = try await app.uploadPhoto(CameraPhotos.jpeg(width: 700, height: 500, left: (1, 2, 3)), named: "b.jpg", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            #expect(try await ListingPhotoTests.photoFiles(app).count == 6)  // two originals, two copies each
            #expect(try await app.send(.DELETE, "/api/v1/listings/\(listing.id)/photos/\(removed.id)", token: seller.token).status == .noContent)
            #expect(Set(try await ListingPhotoTests.photoFiles(app)) == Set(([kept.url] + kept.variants.map(\.url)).map { String($0.dropFirst(8)) }))
            // A staged photo never saved: it and its copies go once old; the listing's stay.
            let sellerRecord = try #require(try await UserRecord.find(seller.user.id, on: app.db))
            _ = try await app.domainServices().listingPhotos.stage(CameraPhotos.jpeg(width: 700, height: 500, left: (9, 9, 9)), by: sellerRecord)
            #expect(try await ListingPhotoTests.photoFiles(app).count == 6)
            clock.advance(by: 3 * 3600)
            try await PhotoSweep(database: app.db, storage: app.photoStorage, grace: 2 * 3600, now: clock.now).sweep()
            #expect(Set(try await ListingPhotoTests.photoFiles(app)) == Set(([kept.url] + kept.variants.map(\.url)).map { String($0.dropFirst(8)) }))
            let files = try await app.db.sql.raw("SELECT COUNT(*) AS n FROM photo_files").first()?.decode(column: "n", as: Int.self)
            #expect(files == 1)
        }
    }

    @Test("`photos backfill` makes the copies of photos stored before, is resumable, and changes nothing when run again", arguments: PhotoStoreKind.available)
    func backfill(store: PhotoStoreKind) async throws {
        try await withTestApp(photos: store) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let photo = try await app.uploadPhoto(CameraPhotos.jpeg(width: 1200, height: 900), named: "old.jpg", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            // As before this change: the original alone, nothing recorded.
            for variant in photo.variants { try await app.photoStorage.delete(String(variant.url.dropFirst(8))) }
            try await app.db.sql.raw("DELETE FROM photo_files").run()
            let before = try await app.send(.GET, "/api/v1/listings/\(listing.id)").decode(Listing.self)
            #expect(before.photos[0].variants.isEmpty && before.photos[0].width == nil)
            #expect(try await app.send(.GET, photo.variants[0].url).status == .notFound)

            try await app.runCommand(["photos", "backfill"])
            let after = try await app.send(.GET, "/api/v1/listings/\(listing.id)").decode(Listing.self)
            #expect(after.photos == [photo])
            #expect(try await app.send(.GET, photo.variants[0].url).status == .ok)
            let outcome = try await PhotoBackfill(database: app.db, store: PhotoStore(storage: app.photoStorage)).run()
            #expect(outcome == .init(made: 0, failed: [:]))
        }
    }

    // MARK: - Images made for these tests

    /// A baseline JPEG's structure around a frame that claims `width` × `height`, with a token scan.
    static func jpegHeader(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xC0, 0, 11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
        bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0x34]
        return bytes + [0xFF, 0xD9]
    }

    /// A grey PNG of `width` × `height` whose pixel data is deflated a row at a time (so making
    /// it holds one row); `rows` fewer than `height` cuts the data short, as a broken upload does.
    static func blankPNG(width: Int, height: Int, rows: Int? = nil) -> [UInt8] {
        var stream = z_stream()
        deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        var compressed: [UInt8] = []
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var row = [UInt8](repeating: 0, count: width + 1)  // filter byte, then grey pixels
        for index in 0..<(rows ?? height) {
            row[1] = UInt8(index & 0x7F)  // not all zero: one grey pixel a row
            let last = index == (rows ?? height) - 1
            row.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                repeat {
                    output.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(out.count)
                        deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH)
                        compressed += out[0..<(out.count - Int(stream.avail_out))]
                    }
                } while stream.avail_out == 0 || (last && stream.avail_in > 0)
            }
        }
        deflateEnd(&stream)
        let header = PNGEncoder.bigEndian(UInt32(width)) + PNGEncoder.bigEndian(UInt32(height)) + [8, 0, 0, 0, 0]  // 8-bit grey
        return PNGScrubber.signature + PNGEncoder.chunk("IHDR", header) + PNGEncoder.chunk("IDAT", compressed) + PNGEncoder.chunk("IEND", [])
    }

    /// The process's peak resident memory so far (`VmHWM`).
    static func peakResidentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// Sets the peak to what is resident now (Linux's `clear_refs`), which it returns: the
    /// process's start-up, or the bomb's making, may have been the higher peak.
    static func resetPeakResidentBytes() -> Int {
        FileManager.default.createFile(atPath: "/proc/self/clear_refs", contents: Data("5".utf8))
        return peakResidentBytes()
    }
}
