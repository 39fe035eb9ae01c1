import Foundation

/// One photo on disk for ``ImageCache``: a file named by a hash of its URL holding the URL, the
/// bytes and a checksum of them, so that a file cut short or damaged, or a hash shared by two
/// URLs, reads as nothing rather than as a broken photo. Written to a temporary file and renamed,
/// so a reader never sees half a file; a file's modification date is its last use.
enum DiskEntry {
    static func read(_ url: URL, in directory: URL) -> Data? {
        let file = path(of: url, in: directory)
        guard let contents = FileManager.default.contents(atPath: file.path) else { return nil }
        guard let data = decode(contents, for: url) else {
            try? FileManager.default.removeItem(at: file)  // damaged: fetched again
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return data
    }

    static func write(_ data: Data, for url: URL, in directory: URL) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".partial-" + UUID().uuidString)
        guard FileManager.default.createFile(atPath: temporary.path, contents: encode(data, for: url)) else { return }
        let file = path(of: url, in: directory)
        try? FileManager.default.removeItem(at: file)
        do { try FileManager.default.moveItem(at: temporary, to: file) } catch { try? FileManager.default.removeItem(at: temporary) }
    }

    /// Deletes the least recently used files until the directory holds at most `limit` bytes.
    static func trim(_ directory: URL, to limit: Int) {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var entries = files.compactMap { file -> (URL, Date, Int)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var total = entries.reduce(0) { $0 + $1.2 }
        guard total > limit else { return }
        entries.sort { $0.1 < $1.1 }
        for (file, _, size) in entries where total > limit {
            try? FileManager.default.removeItem(at: file)
            total -= size
        }
    }

    static func path(of url: URL, in directory: URL) -> URL {
        directory.appendingPathComponent(String(fnv1a(Data(url.absoluteString.utf8)), radix: 16) + ".photo")
    }

    /// The URL's length and bytes, the data's length, the data, and the data's checksum.
    static func encode(_ data: Data, for url: URL) -> Data {
        let name = Data(url.absoluteString.utf8)
        var file = Data()
        file.append(bigEndian: UInt64(name.count))
        file.append(name)
        file.append(bigEndian: UInt64(data.count))
        file.append(data)
        file.append(bigEndian: fnv1a(data))
        return file
    }

    static func decode(_ file: Data, for url: URL) -> Data? {
        let bytes = [UInt8](file)
        var at = 0
        func number() -> UInt64? {
            guard at + 8 <= bytes.count else { return nil }
            defer { at += 8 }
            return bytes[at..<(at + 8)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        guard let nameLength = number().map(Int.init), nameLength <= bytes.count - at,
              Data(bytes[at..<(at + nameLength)]) == Data(url.absoluteString.utf8) else { return nil }
        at += nameLength
        guard let length = number().map(Int.init), length <= bytes.count - at else { return nil }
        let data = Data(bytes[at..<(at + length)])
        at += length
        guard let checksum = number(), at == bytes.count, checksum == fnv1a(data) else { return nil }
        return data
    }

    /// FNV-1a, 64 bits: a file's name and a check that its bytes are whole (not a defence
    /// against anyone: the directory is the app's own).
    static func fnv1a(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

private extension Data {
    mutating func append(bigEndian value: UInt64) {
        append(contentsOf: (0..<8).reversed().map { UInt8(value >> (UInt64($0) * 8) & 0xFF) })
    }
}
