import Foundation

/// Photos kept on the device: in memory, then on disk, then from the network. A photo's URL
/// names its content (the server names files by their digest), so a kept copy is never stale and
/// never revalidated. Memory and disk are each bounded in bytes, the least recently used going
/// first; a disk file that does not read back whole (a crash mid-write, a damaged sector) is
/// dropped and fetched again; any number of screens asking for one URL at once fetch it once.
///
/// ``APIClient/images`` is the one every view model shares.
public actor ImageCache {
    public let memoryLimit: Int
    public let diskLimit: Int
    /// Where files are kept; nil keeps photos in memory only.
    public let directory: URL?
    private let fetch: @Sendable (URL) async throws -> Data

    private var memory: [URL: (data: Data, used: UInt64)] = [:]
    private var memoryBytes = 0
    private var uses: UInt64 = 0
    private var loading: [URL: Task<Data, any Error>] = [:]

    /// - Parameters:
    ///   - directory: where to keep files (created when needed); nil: memory only.
    ///   - memoryLimit: bytes kept in memory.
    ///   - diskLimit: bytes kept on disk.
    ///   - fetch: the network: the bytes at a URL, or an error.
    public init(directory: URL?, memoryLimit: Int = 48 << 20, diskLimit: Int = 256 << 20,
                fetch: @escaping @Sendable (URL) async throws -> Data) {
        self.directory = directory
        self.memoryLimit = memoryLimit
        self.diskLimit = diskLimit
        self.fetch = fetch
    }

    /// The default place: the system's caches directory (which iOS may empty when space is short).
    public static var defaultDirectory: URL? {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?.appendingPathComponent("CampusMarketPhotos")
    }

    /// The photo's bytes, from the nearest place that has them.
    public func data(for url: URL) async throws -> Data {
        if let kept = memory[url] {
            uses += 1
            memory[url] = (kept.data, uses)
            return kept.data
        }
        if let task = loading[url] { return try await task.value }
        let task = Task { [directory, diskLimit, fetch] () throws -> Data in
            if let directory, let data = DiskEntry.read(url, in: directory) { return data }
            let data = try await fetch(url)
            if let directory {
                // Only a write can take the directory past its limit: a read from disk lists nothing.
                DiskEntry.write(data, for: url, in: directory)
                DiskEntry.trim(directory, to: diskLimit)
            }
            return data
        }
        loading[url] = task
        let result = await task.result
        loading[url] = nil
        let data = try result.get()
        remember(data, for: url)
        return data
    }

    /// How many bytes memory holds now.
    public var bytesInMemory: Int { memoryBytes }

    /// Forgets everything kept (signing out of a shared device).
    public func removeAll() {
        memory.removeAll()
        memoryBytes = 0
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func remember(_ data: Data, for url: URL) {
        guard data.count <= memoryLimit else { return }
        uses += 1
        if let old = memory.updateValue((data, uses), forKey: url) { memoryBytes -= old.data.count }
        memoryBytes += data.count
        while memoryBytes > memoryLimit, let oldest = memory.min(by: { $0.value.used < $1.value.used }) {
            memory[oldest.key] = nil
            memoryBytes -= oldest.value.data.count
        }
    }
}
