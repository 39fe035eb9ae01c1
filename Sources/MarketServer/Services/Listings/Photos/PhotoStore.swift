import Crypto
import MarketCore
import Fluent
import Foundation

/// Photo files under `DATA_DIR/photos`, named by the SHA-256 of their bytes (identical uploads
/// share a file; a name never changes content, so it can be cached forever).
struct PhotoStore: Sendable {
    let directory: String

    static let maxBytes = 5 * 1024 * 1024
    static let maxPerListing = ListingPhoto.maxPerListing

    enum ImageType: String, CaseIterable {
        case jpeg = "jpg", png, webp

        /// The type a stored file's name says (`<sha256>.png`).
        init?(fileName: String) {
            guard let ext = fileName.split(separator: ".").last else { return nil }
            self.init(rawValue: String(ext))
        }

        var contentType: String {
            switch self {
            case .jpeg: "image/jpeg"
            case .png: "image/png"
            case .webp: "image/webp"
            }
        }
    }

    /// The image type the bytes actually are — never what the file name or header claims.
    static func sniff(_ bytes: some Collection<UInt8>) -> ImageType? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }

    /// Writes the bytes (atomically: a temporary file renamed into place) and returns the file name.
    func save(_ bytes: [UInt8], as type: ImageType) throws -> String {
        let name = SHA256.hash(data: bytes).hexString + "." + type.rawValue
        let path = directory + "/" + name
        if FileManager.default.fileExists(atPath: path) { return name }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = directory + "/.upload-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        // rename(2) is atomic: readers see no file or the whole file. A simultaneous upload of the
        // same bytes may win the race; its file is identical, so replacing it is harmless.
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
        return name
    }

    /// Deletes the file unless another photo row still uses it.
    func removeIfUnreferenced(_ fileName: String, on database: any Database) async throws {
        let users = try await ListingPhotoRecord.query(on: database).filter(\.$fileName == fileName).count()
        if users == 0 { try? FileManager.default.removeItem(atPath: path(for: fileName)) }
    }

    func path(for fileName: String) -> String { directory + "/" + fileName }

    /// Only names this store creates are served: no path can escape the directory.
    static func isValidName(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              ImageType(rawValue: String(parts[1])) != nil else { return false }
        return true
    }
}
