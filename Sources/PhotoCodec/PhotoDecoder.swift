import CJPEG
import CPNG

/// Decodes an uploaded JPEG or PNG straight into a smaller copy, one row at a time: memory holds
/// one source row and the output, never the whole photo, whatever the file claims or inflates to.
/// A JPEG is first decoded at a reduced scale by libjpeg-turbo (the smallest of 1/8 … 8/8 still at
/// least as wide as asked), which also does most of the work.
public enum PhotoDecoder {
    public enum Failure: Error, Equatable {
        /// The decoder refused the data: damaged, truncated, or not what its header says.
        case corrupt(String)
        /// Well-formed, but not something made smaller here (a CMYK JPEG, an interlaced PNG):
        /// the original is served.
        case unsupported(String)
    }

    /// What the bytes are, as the caller found by their signature (`PhotoStore.sniff`).
    public enum Format: Sendable { case jpeg, png }

    /// The image at most `width` pixels wide (narrower images as they are), in the file's stored
    /// orientation. `maxSide` bounds what a header may claim before anything is decoded.
    public static func decode(_ bytes: [UInt8], as format: Format, fittingWidth width: Int, maxSide: Int) throws(Failure) -> RGBImage {
        switch format {
        case .jpeg: try decodeJPEG(bytes, width: width, maxSide: maxSide)
        case .png: try decodePNG(bytes, width: width, maxSide: maxSide)
        }
    }

    private static func decodeJPEG(_ bytes: [UInt8], width: Int, maxSide: Int) throws(Failure) -> RGBImage {
        let decoder = UnsafeMutablePointer<cm_jpeg_decoder>.allocate(capacity: 1)
        decoder.initialize(to: cm_jpeg_decoder())
        defer { cm_jpeg_close(decoder); decoder.deallocate() }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> RGBImage in
            guard cm_jpeg_open(decoder, buffer.baseAddress, UInt(buffer.count)) == 1 else { throw .corrupt(message(decoder)) }
            let full = (Int(decoder.pointee.info.image_width), Int(decoder.pointee.info.image_height))
            guard full.0 > 0, full.1 > 0, full.0 <= maxSide, full.1 <= maxSide else { throw .corrupt("the size is out of range") }
            let space = decoder.pointee.info.jpeg_color_space
            guard space == JCS_YCbCr || space == JCS_GRAYSCALE || space == JCS_RGB else { throw .unsupported("colour space \(space.rawValue)") }
            // The smallest eighth that is still at least `width` wide.
            let eighths = (1...8).first { (full.0 * $0 + 7) / 8 >= min(width, full.0) } ?? 8
            guard cm_jpeg_start(decoder, UInt32(eighths)) == 1 else { throw .corrupt(message(decoder)) }
            let scaled = (Int(decoder.pointee.info.output_width), Int(decoder.pointee.info.output_height))
            return try readRows(source: scaled, width: width) { row in cm_jpeg_read_row(decoder, row) == 1 ? nil : message(decoder) }
        }
    }

    private static func decodePNG(_ bytes: [UInt8], width: Int, maxSide: Int) throws(Failure) -> RGBImage {
        let decoder = UnsafeMutablePointer<cm_png_decoder>.allocate(capacity: 1)
        decoder.initialize(to: cm_png_decoder())
        defer { cm_png_close(decoder); decoder.deallocate() }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> RGBImage in
            // A colour profile or text chunk may not claim more than 4 MB.
            guard cm_png_open(decoder, buffer.baseAddress, buffer.count, UInt32(maxSide), 4 << 20) == 1 else { throw .corrupt(pngMessage(decoder)) }
            guard cm_png_interlaced(decoder) == 0 else { throw .unsupported("interlaced PNG") }
            let size = (Int(cm_png_width(decoder)), Int(cm_png_height(decoder)))
            return try readRows(source: size, width: width) { row in cm_png_read_row(decoder, row) == 1 ? nil : pngMessage(decoder) }
        }
    }

    /// Reads `source.height` rows through `read` (nil, or the decoder's complaint) into an image at
    /// most `width` wide.
    private static func readRows(source: (Int, Int), width: Int,
                                 read: (UnsafeMutablePointer<UInt8>) -> String?) throws(Failure) -> RGBImage {
        let targetWidth = min(width, source.0)
        var resampler = AreaResampler(from: source, to: (targetWidth, RGBImage.height(ofWidth: targetWidth, for: source)))
        var row = [UInt8](repeating: 0, count: source.0 * 3)
        for _ in 0..<source.1 {
            let problem = row.withUnsafeMutableBufferPointer { buffer in read(buffer.baseAddress!) }
            if let problem { throw .corrupt(problem) }
            row.withUnsafeBufferPointer { resampler.add($0) }
        }
        return resampler.image()
    }

    private static func message(_ decoder: UnsafeMutablePointer<cm_jpeg_decoder>) -> String {
        withUnsafeBytes(of: decoder.pointee.error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func pngMessage(_ decoder: UnsafeMutablePointer<cm_png_decoder>) -> String {
        withUnsafeBytes(of: decoder.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
