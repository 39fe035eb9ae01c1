import PhotoCodec

/// The smaller copies of a photo a screen asks for, made when it is stored: JPEGs this many
/// pixels wide, upright. The ladder follows the layouts (`PhotoImage.Place`): a feed card's
/// 96 px thumbnail at 3× (320), a grid card on a phone or a laptop (640), a listing's full-width
/// photo on a 390 px phone at 3× (1080), and on a laptop at 2× (1600); wider displays get the
/// original. Only widths narrower than the photo are made.
enum PhotoVariants {
    static let widths = [320, 640, 1080, 1600]
    /// Sharp on a phone's screen; 80 is where a photo's file size starts to grow faster than its look.
    static let quality = 80

    struct Made: Sendable {
        /// The photo's size upright.
        var width: Int
        var height: Int
        /// "#a08060": shown while the photo loads.
        var colour: String
        /// Narrowest first.
        var variants: [(width: Int, bytes: [UInt8])]
    }

    /// The sizes of `image`, or nil when it cannot be made smaller here (WebP; a CMYK JPEG; an
    /// interlaced PNG): the original is served. A corrupt image is a problem for the upload.
    static func make(from image: ImageScrubber.CleanImage) throws(ImageScrubber.Problem) -> Made? {
        let upright = image.upright
        let wanted = widths.filter { $0 < upright.width }
        let format: PhotoDecoder.Format
        switch image.type {
        case .jpeg: format = .jpeg
        case .png: format = .png
        case .webp: return nil
        }
        // Decoded once, as wide as the largest variant needs (across the stored image, which is
        // its height when it is turned).
        let largest = wanted.last ?? min(64, upright.width)  // none to make: enough for the colour
        let across = image.orientation >= 5 ? RGBImage.height(ofWidth: largest, for: upright) : largest
        let decoded: RGBImage
        do {
            decoded = try PhotoDecoder.decode(image.bytes, as: format, fittingWidth: across, maxSide: ImageScrubber.maxDimension)
        } catch .unsupported {
            return nil
        } catch {
            throw .malformed(image.type.name)
        }
        let seen = decoded.upright(orientation: image.orientation)
        var variants: [(width: Int, bytes: [UInt8])] = []
        var source = seen
        for width in wanted.reversed() {
            source = source.scaled(toWidth: width)
            guard let bytes = try? JPEGEncoder.encode(source, quality: quality) else { return nil }
            variants.insert((width, bytes), at: 0)
        }
        let colour = source.averageColour
        return Made(width: upright.width, height: upright.height, colour: hex(colour), variants: variants)
    }

    private static func hex(_ colour: (red: UInt8, green: UInt8, blue: UInt8)) -> String {
        "#" + [colour.red, colour.green, colour.blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
