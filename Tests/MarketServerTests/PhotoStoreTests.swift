import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Where photo bytes live (`PHOTO_STORE`): the local directory, or an S3-compatible bucket
/// (the local stand-in, which checks signatures as S3 does) that every instance shares.
@Suite("Photo store")
struct PhotoStoreTests {
    @Test("a photo uploaded through one instance is served by another that shares the bucket, streamed, with its cache headers", .enabled(if: S3StandIn.isAvailable, "needs the S3 stand-in: pip install \"moto[server]\""))
    func sharedAcrossInstances() async throws {
        let bucket = try await S3StandIn.newBucket(prefix: "photos/")
        try await withTestApp(adjust: { $0.photoStore = .s3(bucket) }) { first in
            let seller = try await first.register()
            let listing = try await first.createListing(token: seller.token)
            let photo = try await first.uploadPhoto(SampleImages.jpeg, named: "desk.jpg", to: listing.id, token: seller.token).decode(ListingPhoto.self)

            // A second instance: the same database and bucket, a data directory of its own (as on another machine).
            var other = first.settings
            other.dataDirectory = first.settings.dataDirectory + "-other"
            defer { try? FileManager.default.removeItem(atPath: other.dataDirectory) }
            try await withApp(settings: other, clock: nil, migrate: false) { second in
                try await second.checkPhotoStore()
                let served = try await second.send(.GET, photo.url)
                #expect(served.status == .ok)
                #expect(Array(served.body.readableBytesView) == SampleImages.jpeg)
                #expect(served.headers.first(name: .contentType) == "image/jpeg")
                #expect(served.headers.first(name: .cacheControl) == "public, max-age=31536000, immutable")
                #expect(served.headers.first(name: "X-Content-Type-Options") == "nosniff")
                #expect(!FileManager.default.fileExists(atPath: other.dataDirectory + "/photos"))
            }
            // The object sits under the prefix, named by its hash.
            let stored = try await first.photoStorage.list().map(\.name)
            #expect(stored == [String(photo.url.dropFirst("/photos/".count))])
        }
    }

    @Test("with local directories, a second instance cannot serve the first one's photos (why PHOTO_STORE exists)")
    func localIsPerInstance() async throws {
        try await withTestApp { first in
            let seller = try await first.register()
            let listing = try await first.createListing(token: seller.token)
            let photo = try await first.uploadPhoto(SampleImages.png, named: "a.png", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            var other = first.settings
            other.dataDirectory = first.settings.dataDirectory + "-other"
            defer { try? FileManager.default.removeItem(atPath: other.dataDirectory) }
            try await withApp(settings: other, clock: nil, migrate: false) { second in
                let served = try await second.send(.GET, photo.url)
                #expect(served.status == .notFound)
            }
        }
    }

    @Test("the sweep deletes stored photos no listing uses once they are two hours old, and keeps the rest", arguments: PhotoStoreKind.available)
    func sweep(store: PhotoStoreKind) async throws {
        let clock = TestClock(start: Date())
        try await withTestApp(photos: store, clock: clock) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let used = try await app.uploadPhoto(SampleImages.png, named: "a.png", to: listing.id, token: seller.token).decode(ListingPhoto.self)
            // Staged in the editor, never saved to a listing.
            let staged = try await app.domainServices().listingPhotos.stage(SampleImages.jpeg, by: try #require(try await UserRecord.find(seller.user.id, on: app.db)))
            if store == .local {  // the temporary file of a write that never finished
                _ = FileManager.default.createFile(atPath: app.settings.dataDirectory + "/photos/" + LocalPhotoStorage.stagingPrefix + "crashed", contents: Data([1]))
            }
            let names = { try await app.photoStorage.list().map(\.name).sorted() }
            let before = try await names()

            clock.advance(by: 3_600)  // an hour on the editor's form: kept
            #expect(try await app.domainServices().photoSweep.sweep() == 0)
            #expect(try await names() == before)

            clock.advance(by: 2 * 3_600)  // past the two hours (the files' times are the machine's, a moment after the start)
            #expect(try await app.domainServices().photoSweep.sweep() == before.count - 1)
            #expect(try await names() == [String(used.url.dropFirst("/photos/".count))])
            #expect(try await app.send(.GET, "/photos/" + staged).status == .notFound)
            #expect(try await app.send(.GET, used.url).status == .ok)
        }
    }

    @Test("the sweep leaves alone what this server did not write (a shared bucket)", .enabled(if: S3StandIn.isAvailable, "needs the S3 stand-in: pip install \"moto[server]\""))
    func sweepKeepsOthers() async throws {
        let bucket = try await S3StandIn.newBucket()
        let clock = TestClock(start: Date())
        try await withTestApp(clock: clock, adjust: { $0.photoStore = .s3(bucket) }) { app in
            try await app.photoStorage.put(Array("backup".utf8), as: "reports/2026.csv", contentType: "text/csv")
            clock.advance(by: 3 * 86_400)
            #expect(try await app.domainServices().photoSweep.sweep() == 0)
            #expect(try await app.photoStorage.list().map(\.name) == ["reports/2026.csv"])
        }
    }

    @Test("a store that fails mid-request answers 503 photo_store_unavailable with Retry-After, and counts the error", .enabled(if: S3StandIn.isAvailable, "needs the S3 stand-in: pip install \"moto[server]\""))
    func failingStore() async throws {
        var missing = try await S3StandIn.newBucket()
        missing.bucket = "no-such-bucket-" + UUID().uuidString.lowercased().prefix(8)
        try await withTestApp(adjust: { $0.photoStore = .s3(missing) }) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            let before = try await app.send(.GET, "/metrics").text

            let response = try await app.uploadPhoto(SampleImages.png, named: "a.png", to: listing.id, token: seller.token)

            #expect(response.status == .serviceUnavailable)
            #expect(try response.error.code == "photo_store_unavailable")
            #expect(response.headers.first(name: .retryAfter) != nil)
            #expect(try await ListingPhotoRecord.query(on: app.db).count() == 0)
            let after = try await app.send(.GET, "/metrics").text
            #expect(Self.errors(after) > Self.errors(before))
        }
    }

    static func errors(_ metrics: String) -> Int {
        metrics.split(separator: "\n").first { $0.hasPrefix("campusmarket_photo_store_errors_total ") }
            .flatMap { $0.split(separator: " ").last.flatMap { Int($0) } } ?? 0
    }

    @Test("doctor lists the bucket and writes and deletes a probe; a refused key fails the check", .enabled(if: S3StandIn.isAvailable, "needs the S3 stand-in: pip install \"moto[server]\""))
    func doctor() async throws {
        let bucket = try await S3StandIn.newBucket()
        var wrongKey = bucket
        wrongKey.credentials.secretAccessKey = "not-the-secret"
        for (store, passes) in [(bucket, true), (wrongKey, false)] {
            try await withTestApp(adjust: { $0.photoStore = .s3(store) }) { app in
                let check = try #require(await DoctorCommand.checks(app).first { $0.name == "photo store" })
                #expect(check.passed == passes, "\(check.detail)")
                #expect(check.detail.contains(passes ? "answers and is writable" : "SignatureDoesNotMatch"), "\(check.detail)")
            }
        }
        let left = try await S3Client(settings: bucket, http: .shared).list()
        #expect(left.isEmpty, "the probe object was left behind: \(left.map(\.key))")
    }

    @Test("a store that does not answer, or refuses the key, is one sentence at start-up", .enabled(if: S3StandIn.isAvailable, "needs the S3 stand-in: pip install \"moto[server]\""))
    func startUpCheck() async throws {
        var unreachable = try await S3StandIn.newBucket()
        unreachable.endpoint = "http://127.0.0.1:1"
        var wrongKey = try await S3StandIn.newBucket()
        wrongKey.credentials.secretAccessKey = "not-the-secret"
        for (store, words) in [(unreachable, "does not answer (connection refused)"), (wrongKey, "SignatureDoesNotMatch")] {
            try await withTestApp(adjust: { $0.photoStore = .s3(store) }) { app in
                let error = await #expect(throws: ConfigurationError.self) { try await app.checkPhotoStore() }
                let sentence = error.map { String(describing: $0) } ?? ""
                #expect(sentence.contains(words), "\(sentence)")
                #expect(!sentence.contains("not-the-secret"))
            }
        }
    }
}
