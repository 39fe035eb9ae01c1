import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// Counts the fetches that reach the network.
final class Fetches: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL] = []
    func record(_ url: URL) { lock.withLock { urls.append(url) } }
    var count: Int { lock.withLock { urls.count } }
}

/// Photos kept on the device (`ImageCache`): from a real server, on disk and in memory, bounded,
/// damaged files dropped, and one fetch for many screens asking at once.
@Suite("SDK image cache")
struct ImageCacheTests {
    /// A fresh directory for one test's cache.
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cm-images-" + UUID().uuidString)
    }

    static func fetcher(_ fetches: Fetches) -> @Sendable (URL) async throws -> Data {
        { url in
            fetches.record(url)
            let (data, response) = try await URLSession.shared.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
            return data
        }
    }

    @Test("ten screens asking for one photo at once fetch it once; later asks come from memory, then from disk after a restart")
    func concurrentLoadsFetchOnce() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let listing = try await market.listing("Desk lamp", by: seller)
            let photo: ListingPhoto = try await seller.client.send(ListingEndpoint.addPhoto(listing.id, FileUpload(
                field: "photo", filename: "lamp.png", contentType: "image/png", data: Data(SampleImages.png))))
            let url = seller.client.absoluteURL(photo.url)
            let directory = Self.directory()
            defer { try? FileManager.default.removeItem(at: directory) }

            let fetches = Fetches()
            let cache = ImageCache(directory: directory, fetch: Self.fetcher(fetches))
            let loads = try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<10 { group.addTask { try await cache.data(for: url) } }
                var loads: [Data] = []
                for try await data in group { loads.append(data) }
                return loads
            }
            #expect(loads.count == 10 && Set(loads) == [Data(SampleImages.png)])
            #expect(fetches.count == 1)
            _ = try await cache.data(for: url)
            #expect(fetches.count == 1)

            // A new cache on the same directory (the app started again): from disk, no fetch.
            let again = ImageCache(directory: directory, fetch: Self.fetcher(fetches))
            #expect(try await again.data(for: url) == Data(SampleImages.png))
            #expect(fetches.count == 1)

            // The client's own cache: the copy that fits, through the same path.
            #expect(try await seller.client.photo(photo, points: 96, scale: 3) == Data(SampleImages.png))
        }
    }

    @Test("memory keeps at most its limit, the least recently used going first; disk too, by its last read or write")
    func limitsAndEviction() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fetches = Fetches()
        // The "network": 1,000 bytes named by the URL's last part.
        let cache = ImageCache(directory: directory, memoryLimit: 2_500, diskLimit: 2_500 + 3 * 80) { url in
            fetches.record(url)
            return Data(repeating: UInt8(url.lastPathComponent.utf8.first ?? 0), count: 1_000)
        }
        let (a, b, c) = (URL(string: "http://market.test/photos/a.jpg")!, URL(string: "http://market.test/photos/b.jpg")!,
                         URL(string: "http://market.test/photos/c.jpg")!)
        _ = try await cache.data(for: a)
        try await Task.sleep(for: .milliseconds(20))  // distinct modification times on disk
        _ = try await cache.data(for: b)
        try await Task.sleep(for: .milliseconds(20))
        _ = try await cache.data(for: a)  // a is used again: b is now the least recent
        try await Task.sleep(for: .milliseconds(20))
        _ = try await cache.data(for: c)
        #expect(await cache.bytesInMemory == 2_000)
        #expect(fetches.count == 3)
        _ = try await cache.data(for: a)  // still in memory
        #expect(fetches.count == 3)
        // On disk the three files do not fit: a, written first and read since only from memory, went.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 2)
        let fresh = ImageCache(directory: directory, fetch: Self.fetcher(fetches))
        #expect(try await fresh.data(for: b) == Data(repeating: UInt8(ascii: "b"), count: 1_000))  // from disk
        #expect(fetches.count == 3)
        _ = try? await fresh.data(for: a)  // not on disk: a fetch (which fails: no such host)
        #expect(fetches.count == 4)
    }

    @Test("a file cut short on disk is dropped and fetched again, never returned")
    func damagedFile() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fetches = Fetches()
        let photo = Data((0..<5_000).map { UInt8($0 % 251) })
        let make = { ImageCache(directory: directory) { url in fetches.record(url); return photo } }
        let url = URL(string: "http://market.test/photos/d.jpg")!
        #expect(try await make().data(for: url) == photo)
        let file = try #require(try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).first)
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 100).write(to: file)  // a crash mid-write, as far as a reader can tell
        #expect(try await make().data(for: url) == photo)
        #expect(fetches.count == 2)
        #expect(try Data(contentsOf: file) == whole)  // written whole again
    }
}
