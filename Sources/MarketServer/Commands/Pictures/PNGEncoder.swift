import CZlib
import Foundation

/// Writes a `Raster` as an 8-bit RGB PNG. Each row is filtered with "Sub" (the difference from
/// the pixel to its left), so the flat shapes of a drawing become long runs of zeros that
/// deflate shrinks to a few kilobytes.
enum PNGEncoder {
    static func encode(_ raster: Raster) -> [UInt8] {
        var filtered: [UInt8] = []
        filtered.reserveCapacity((raster.width * 3 + 1) * raster.height)
        for y in 0..<raster.height {
            let row = Array(raster.row(y))
            filtered.append(1)  // Sub
            for index in row.indices {
                filtered.append(row[index] &- (index >= 3 ? row[index - 3] : 0))
            }
        }
        let png = PNGScrubber.signature
        var header = bigEndian(UInt32(raster.width)) + bigEndian(UInt32(raster.height))
        header += [8, 2, 0, 0, 0]  // 8 bits per sample, truecolour, deflate, adaptive filtering, no interlace
        return png + chunk("IHDR", header) + chunk("IDAT", deflate(filtered)) + chunk("IEND", [])
    }

    /// A zlib stream (RFC 1950), as PNG's IDAT holds.
    private static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        // compressBound is enough by zlib's contract; anything else is a broken zlib.
        precondition(status == Z_OK, "zlib's compress2 failed with \(status)")
        return Array(output.prefix(Int(size)))
    }

    /// One chunk: its length, type, data and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
