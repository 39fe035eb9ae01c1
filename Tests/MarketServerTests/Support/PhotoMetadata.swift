import Foundation
@testable import MarketServer

/// Puts what a phone writes into a photo — EXIF with a GPS position, text, comments — into the
/// clean sample images, the way each format carries it, so tests can check it comes off.
enum PhotoMetadata {
    /// The position a phone would record in the student's room; found in the bytes only while
    /// the metadata is there.
    static let marker = Array("GPS-47.6553N-122.3035W".utf8)

    /// A little-endian TIFF block with a GPS IFD (latitude ref "N", then our marker as a
    /// processing-method string), as EXIF stores it.
    static var exif: [UInt8] {
        var tiff: [UInt8] = Array("II".utf8) + [0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]  // header, IFD0 at 8
        tiff += [0x01, 0x00]  // IFD0: one entry, the GPS IFD pointer (tag 0x8825, LONG)
        tiff += [0x25, 0x88, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1A, 0x00, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]  // no next IFD
        // GPS IFD at 26: GPSLatitudeRef = "N", GPSProcessingMethod = marker (UNDEFINED)
        tiff += [0x02, 0x00]
        tiff += [0x01, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00] + Array("N".utf8) + [0, 0, 0]
        let methodOffset = 26 + 2 + 2 * 12 + 4
        tiff += [0x1B, 0x00, 0x07, 0x00] + le32(marker.count) + le32(methodOffset)
        tiff += [0x00, 0x00, 0x00, 0x00]
        tiff += marker
        return Array("Exif\0\0".utf8) + tiff
    }

    /// The sample JPEG with an APP1 EXIF segment and a comment after its start marker.
    static var jpeg: [UInt8] {
        let app1 = [0xFF, 0xE1] + be16(exif.count + 2) + exif
        let comment = Array("taken at home".utf8)
        let com = [0xFF, 0xFE] + be16(comment.count + 2) + comment
        return Array(SampleImages.jpeg.prefix(2)) + app1 + com + Array(SampleImages.jpeg.dropFirst(2))
    }

    /// The sample PNG with tEXt, eXIf and tIME chunks after IHDR.
    static var png: [UInt8] {
        let extra = chunk("tEXt", Array("Location\0".utf8) + marker) + chunk("eXIf", Array(exif.dropFirst(6)))
            + chunk("tIME", [0x07, 0xEA, 11, 22, 10, 0, 0])
        return insertAfterIHDR(SampleImages.png, extra)
    }

    /// The sample lossy WebP as an extended file (VP8X) with EXIF and XMP chunks.
    static var webp: [UInt8] {
        let body = Array(SampleImages.lossyWebP.dropFirst(12))  // the VP8 chunk
        let vp8x = riffChunk("VP8X", [0x08 | 0x04, 0, 0, 0] + le24(3 - 1) + le24(2 - 1))
        let chunks = vp8x + body + riffChunk("EXIF", Array(exif.dropFirst(6))) + riffChunk("XMP ", Array("<x:xmpmeta>".utf8) + marker)
        return Array("RIFF".utf8) + le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    /// The sample PNG made distinct (a pHYs chunk of `n` pixels per metre), for tests that need
    /// several different files.
    static func distinctPNG(_ n: Int) -> [UInt8] {
        insertAfterIHDR(SampleImages.png, chunk("pHYs", be32(n + 1) + be32(n + 1) + [1]))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(CRC32.checksum(typed)))
    }

    static func insertAfterIHDR(_ png: [UInt8], _ extra: [UInt8]) -> [UInt8] {
        let afterIHDR = 8 + 12 + 13
        return Array(png.prefix(afterIHDR)) + extra + Array(png.dropFirst(afterIHDR))
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    private static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        Array(type.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    static func be16(_ n: Int) -> [UInt8] { [UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    static func be32(_ n: Int) -> [UInt8] { be16(n >> 16) + be16(n) }
    static func le24(_ n: Int) -> [UInt8] { [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF)] }
    static func le32(_ n: Int) -> [UInt8] { le24(n) + [UInt8(n >> 24 & 0xFF)] }
}
