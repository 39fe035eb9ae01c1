import Foundation
@testable import MarketServer
import PhotoCodec

/// Photos as a phone takes them, made here: real JPEGs from libjpeg-turbo, at a camera's size,
/// with the EXIF a phone writes (the orientation, a GPS position) when asked.
enum CameraPhotos {
    /// A `width` × `height` JPEG: a gradient with grain (so it compresses like a photo, not like
    /// a flat picture); `left` and `right` colour the two halves when given.
    static func jpeg(width: Int, height: Int, quality: Int = 85, left: (UInt8, UInt8, UInt8)? = nil, right: (UInt8, UInt8, UInt8)? = nil,
                     exifOrientation: Int? = nil) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var noise: UInt32 = 2_463_534_242
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    noise ^= noise << 13; noise ^= noise >> 17; noise ^= noise << 5
                    let grain = Int(noise & 15) - 8
                    let at = (y * width + x) * 3
                    let base: (UInt8, UInt8, UInt8) = (x < width / 2 ? left : right)
                        ?? (UInt8(x * 255 / width), UInt8(y * 255 / height), 128)
                    buffer[at] = clamp(Int(base.0) + grain); buffer[at + 1] = clamp(Int(base.1) + grain); buffer[at + 2] = clamp(Int(base.2) + grain)
                }
            }
        }
        var bytes = try! JPEGEncoder.encode(RGBImage(width: width, height: height, pixels: pixels), quality: quality)
        if let exifOrientation { bytes.insert(contentsOf: exif(orientation: exifOrientation), at: 2) }
        return bytes
    }

    private static func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }

    /// An APP1 EXIF segment as a phone writes it: little-endian, the orientation and a pointer to
    /// a GPS directory holding a latitude reference ("N").
    static func exif(orientation: Int) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]  // "II", 42, first directory at 8
        tiff += [2, 0]  // two entries
        tiff += [0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation), 0, 0, 0]  // Orientation, SHORT
        tiff += [0x25, 0x88, 4, 0, 1, 0, 0, 0, 38, 0, 0, 0]  // GPS directory, LONG, at 38
        tiff += [0, 0, 0, 0]  // no next directory
        tiff += [1, 0, 0x01, 0x00, 2, 0, 2, 0, 0, 0] + Array("N\0".utf8) + [0, 0] + [0, 0, 0, 0]  // GPSLatitudeRef "N"
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// A JPEG's marker segments before its first scan: each marker and its payload (after the length).
    static func segments(of jpeg: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
        var segments: [(marker: UInt8, payload: [UInt8])] = []
        var offset = 2
        while offset + 4 < jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            guard offset + 2 + length <= jpeg.count else { break }
            segments.append((jpeg[offset + 1], Array(jpeg[(offset + 4)..<(offset + 2 + length)])))
            offset += 2 + length
        }
        return segments
    }

    /// The size in a JPEG's frame header, and whether the frame is progressive (SOF2).
    static func frame(of jpeg: [UInt8]) -> (width: Int, height: Int, progressive: Bool)? {
        guard let frame = segments(of: jpeg).first(where: { (0xC0...0xC2).contains($0.marker) }), frame.payload.count >= 5 else { return nil }
        let payload = frame.payload
        return (Int(payload[3]) << 8 | Int(payload[4]), Int(payload[1]) << 8 | Int(payload[2]), frame.marker == 0xC2)
    }
}
