import Crypto
import MarketCore
import Fluent
import Foundation
import NIOPosix

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

    /// Stores a scrubbed image and the smaller copies of it (`PhotoVariants`), unless the same
    /// bytes are stored already, and returns its name. The copies are made before anything is
    /// written, so an image the decoder refuses leaves nothing behind.
    func save(_ image: ImageScrubber.CleanImage, on database: any Database) async throws(SaveFailure) -> String {
        let name = SHA256.hash(data: image.bytes).hexString + "." + image.type.rawValue
        do {
            let files = PhotoFiles(database: database)
            if try await files.file(name) != nil, try await storage.size(of: name) != nil { return name }
            let copies = try await makeCopies(of: image, named: name)
            // The original goes with its copies. Its name is its digest, so writing bytes that are
            // there already (an upload that died before its row) changes nothing: no look first.
            try await write(copies.objects + [StoredObject(name: name, bytes: image.bytes, contentType: image.type.contentType)])
            try await files.insert(copies.file, for: name)
            return name
        } catch let problem as ImageScrubber.Problem {
            throw .image(problem)
        } catch {
            throw .store(error)
        }
    }

    enum SaveFailure: Error {
        /// The image cannot be decoded: the upload's fault.
        case image(ImageScrubber.Problem)
        case store(any Error)
    }

    /// Bytes to be written under a name.
    struct StoredObject: Sendable {
        var name: String
        var bytes: [UInt8]
        var contentType: String
    }

    /// The smaller copies of an image stored (or about to be) as `name`, not yet written, and
    /// what `photo_files` is to record of it.
    struct Copies: Sendable {
        var file: PhotoFile
        var objects: [StoredObject]
    }

    /// Decoding is CPU work: it runs on the thread pool, not on the threads serving requests, so
    /// a burst of uploads queues there instead of stalling pages.
    func makeCopies(of image: ImageScrubber.CleanImage, named name: String) async throws -> Copies {
        let made = try await NIOThreadPool.singleton.runIfActive { try PhotoVariants.make(from: image) }
        let objects = (made?.variants ?? []).map { variant in
            StoredObject(name: Self.variantName(of: name, width: variant.width), bytes: variant.bytes, contentType: ImageType.jpeg.contentType)
        }
        let upright = image.upright
        let file = PhotoFile(width: made?.width ?? upright.width, height: made?.height ?? upright.height,
                             colour: made?.colour ?? "", variantWidths: made?.variants.map(\.width) ?? [])
        return Copies(file: file, objects: objects)
    }

    /// Writes the objects all at once: with a bucket across a network, an upload waits for one
    /// round trip rather than one per copy (five for a camera photo).
    func write(_ objects: [StoredObject]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for object in objects {
                group.addTask { try await storage.put(object.bytes, as: object.name, contentType: object.contentType) }
            }
            try await group.waitForAll()
        }
    }

    /// Deletes the stored bytes, the copies and what is recorded of them, unless another photo
    /// row still uses them.
    func removeIfUnreferenced(_ fileName: String, on database: any Database) async throws {
        let users = try await ListingPhotoRecord.query(on: database).filter(\.$fileName == fileName).count()
        guard users == 0 else { return }
        try await storage.delete(fileName)
        for width in PhotoVariants.widths { try await storage.delete(Self.variantName(of: fileName, width: width)) }
        try await PhotoFiles(database: database).delete(fileName)
    }

    /// `<sha256>-640.jpg`: the copy `width` wide of the photo stored as `<sha256>.<type>`. Named
    /// after the original rather than its own bytes, so a page knows it without a lookup and the
    /// sweep keeps it exactly as long as the original; the name never changes content all the
    /// same, since the original's bytes and the width decide it (a change to how copies are
    /// made must change the name's form).
    static func variantName(of original: String, width: Int) -> String {
        String(original.prefix(64)) + "-\(width).jpg"
    }

    /// The original a copy's name belongs to, without its type: the name's digest.
    static func digest(of name: String) -> Substring { name.prefix(64) }

    /// The stored size of an original this store made; nil for any other name or nothing stored.
    func size(of fileName: String) async throws -> Int? {
        guard Self.isOriginalName(fileName) else { return nil }
        return try await storage.size(of: fileName)
    }

    /// Only names this store creates are served: no path can escape the directory. An
    /// original (`<sha256>.<type>`) or a copy (`<sha256>-<width>.jpg`, a width of the ladder).
    static func isValidName(_ name: String) -> Bool {
        isOriginalName(name) || isVariantName(name)
    }

    static func isOriginalName(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        return parts.count == 2 && isDigest(parts[0]) && ImageType(rawValue: String(parts[1])) != nil
    }

    static func isVariantName(_ name: String) -> Bool {
        guard name.hasSuffix(".jpg"), name.count > 69 else { return false }
        let stem = name.dropLast(4)
        let digest = stem.prefix(64), rest = stem.dropFirst(64)
        return isDigest(digest) && rest.first == "-" && PhotoVariants.widths.map(String.init).contains(String(rest.dropFirst()))
    }

    private static func isDigest(_ text: Substring) -> Bool {
        text.count == 64 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
