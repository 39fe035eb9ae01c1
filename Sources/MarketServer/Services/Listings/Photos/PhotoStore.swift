import Crypto
import MarketCore
import Fluent
import Foundation

/// Photos named by the SHA-256 of their bytes (identical uploads share one; a name never
/// changes content, so it can be cached forever), kept by a `PhotoStorage`: a local directory
/// or an S3-compatible bucket (`PHOTO_STORE`).
struct PhotoStore: Sendable {
    let storage: any PhotoStorage

    static let maxBytes = 5 * 1024 * 1024

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

    /// Stores the bytes (unless the same bytes are stored already) and returns their name.
    func save(_ bytes: [UInt8], as type: ImageType) async throws -> String {
        let name = SHA256.hash(data: bytes).hexString + "." + type.rawValue
        if try await storage.size(of: name) == nil {
            try await storage.put(bytes, as: name, contentType: type.contentType)
        }
        return name
    }

    /// Deletes the stored bytes unless another photo row still uses them.
    func removeIfUnreferenced(_ fileName: String, on database: any Database) async throws {
        let users = try await ListingPhotoRecord.query(on: database).filter(\.$fileName == fileName).count()
        if users == 0 { try await storage.delete(fileName) }
    }

    /// The stored size of a name this store made; nil for any other name or nothing stored.
    func size(of fileName: String) async throws -> Int? {
        guard Self.isValidName(fileName) else { return nil }
        return try await storage.size(of: fileName)
    }

    /// Only names this store creates are served: no path can escape the directory.
    static func isValidName(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              ImageType(rawValue: String(parts[1])) != nil else { return false }
        return true
    }
}
