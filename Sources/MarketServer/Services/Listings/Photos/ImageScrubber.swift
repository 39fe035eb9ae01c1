import Foundation
import MarketCore

/// Checks that uploaded bytes are a well-formed JPEG, PNG or WebP image, reads its size, and
/// removes the metadata a phone writes into it (EXIF with the GPS position, XMP, comments, text
/// chunks, timestamps) so a photo of a desk does not tell the campus where its owner lives.
/// Only the image's structure is read — no pixel is decoded — and whatever follows the image's
/// end marker is dropped, so a file that is an image *and* an HTML page is stored as the image.
enum ImageScrubber {
    /// Larger than any phone camera; past this a "photo" is an attack on the viewer's memory.
    static let maxDimension = 12_000
    /// A 48-megapixel phone camera's photo passes.
    static let maxPixels = 50_000_000

    struct CleanImage: Equatable {
        let type: PhotoStore.ImageType
        let bytes: [UInt8]
        let width: Int
        let height: Int
        /// EXIF's 1–8 (JPEG only); `width` and `height` are as stored, before turning.
        var orientation = 1

        /// The size as seen, once turned upright.
        var upright: (width: Int, height: Int) { orientation >= 5 ? (height, width) : (width, height) }
    }

    enum Problem: Error, Equatable {
        case notAnImage
        case malformed(String)
        case tooLarge(width: Int, height: Int)

        /// Completes "photo …" in a field error.
        var message: Phrase {
            switch self {
            case .notAnImage: "must be a JPEG, PNG or WebP image"
            case .malformed(let type): "is not a complete \(type) image (the file is damaged or only part of it arrived)"
            case .tooLarge(let width, let height): "is \(width) × \(height) pixels; the largest allowed is \(maxDimension) on a side and \(maxPixels / 1_000_000) megapixels"
            }
        }
    }

    static func scrub(_ bytes: [UInt8]) throws(Problem) -> CleanImage {
        let image: CleanImage
        switch PhotoStore.sniff(bytes) {
        case .jpeg?: image = try JPEGScrubber.scrub(bytes)
        case .png?: image = try PNGScrubber.scrub(bytes)
        case .webp?: image = try WebPScrubber.scrub(bytes)
        case nil: throw .notAnImage
        }
        guard image.width > 0, image.height > 0 else { throw .malformed(image.type.name) }
        guard image.width <= maxDimension, image.height <= maxDimension, image.width * image.height <= maxPixels else {
            throw .tooLarge(width: image.width, height: image.height)
        }
        return image
    }
}

/// Big- and little-endian reads that never trap: out of range is nil.
extension Array where Element == UInt8 {
    func uint16BE(at offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= count else { return nil }
        return Int(self[offset]) << 8 | Int(self[offset + 1])
    }

    func uint32BE(at offset: Int) -> Int? {
        guard let high = uint16BE(at: offset), let low = uint16BE(at: offset + 2) else { return nil }
        return high << 16 | low
    }

    func uintLE(at offset: Int, bytes width: Int) -> Int? {
        guard offset >= 0, offset + width <= count else { return nil }
        return (0..<width).reduce(0) { $0 | Int(self[offset + $1]) << (8 * $1) }
    }
}

extension PhotoStore.ImageType {
    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        }
    }
}
