import CJPEG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes pixels as a progressive JPEG (a phone sees the whole photo blurred, then sharp, as it
/// arrives) with optimised Huffman tables (a few percent smaller for the same quality).
public enum JPEGEncoder {
    public struct Failure: Error, Equatable { public let message: String }

    public static func encode(_ image: RGBImage, quality: Int) throws(Failure) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let ok = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                cm_jpeg_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(quality), &output, &size, text.baseAddress)
            }
        }
        defer { free(output) }
        guard ok == 1, let output else {
            throw Failure(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
