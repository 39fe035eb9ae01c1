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
    ///
    /// Once decoded, the widest copy is encoded on another thread (`PhotoEncoders`) while this
    /// one scales and encodes the rest: an upload waits for the longer half (about 14 ms each for
    /// a camera photo) rather than both: p50 71 -> 56 ms (`bench/phone.py uploads`). This
    /// thread waits for it, so each upload still holds one decoded photo per thread of its pool.
    static func make(from image: ImageScrubber.CleanImage) throws(ImageScrubber.Problem) -> Made? {
        guard let decoded = try decode(image) else { return nil }
        let widest = decoded.widths.isEmpty ? nil : PhotoEncoders.start { decoded.encodeWidest() }
        let rest = decoded.encodeRest()
        return decoded.made(widest: widest?.wait() ?? nil, rest: rest)
    }

    /// `image` decoded upright at its widest copy's width, or nil when it cannot be made smaller here.
    static func decode(_ image: ImageScrubber.CleanImage) throws(ImageScrubber.Problem) -> Decoded? {
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
        let widest = wanted.last.map { seen.scaled(toWidth: $0) } ?? seen
        return Decoded(width: upright.width, height: upright.height, widest: widest, widths: wanted.reversed())
    }

    /// A photo decoded, before its copies are encoded.
    struct Decoded: Sendable {
        /// The photo's size upright.
        var width: Int
        var height: Int
        /// The widest copy's pixels (when none is made, the photo at most 64 pixels wide, for its colour).
        var widest: RGBImage
        /// The copies' widths, widest first.
        var widths: [Int]

        /// The widest copy's JPEG; nil when none is made, or the encoder refused.
        func encodeWidest() -> [UInt8]? {
            widths.isEmpty ? nil : try? JPEGEncoder.encode(widest, quality: quality)
        }

        /// The narrower copies, each scaled from the one before, and the narrowest's pixels (its
        /// colour is the photo's); nil when the encoder refused one.
        func encodeRest() -> (copies: [(width: Int, bytes: [UInt8])], narrowest: RGBImage)? {
            var copies: [(width: Int, bytes: [UInt8])] = []
            var source = widest
            for width in widths.dropFirst() {
                source = source.scaled(toWidth: width)
                guard let bytes = try? JPEGEncoder.encode(source, quality: quality) else { return nil }
                copies.append((width, bytes))
            }
            return (copies, source)
        }

        /// The copies, narrowest first, from the two halves; nil when the encoder refused one.
        func made(widest: [UInt8]?, rest: (copies: [(width: Int, bytes: [UInt8])], narrowest: RGBImage)?) -> Made? {
            guard let rest, widths.isEmpty || widest != nil else { return nil }
            let all = (widest.map { [(widths[0], $0)] } ?? []) + rest.copies
            return Made(width: width, height: height, colour: hex(rest.narrowest.averageColour), variants: all.reversed())
        }
    }

    private static func hex(_ colour: (red: UInt8, green: UInt8, blue: UInt8)) -> String {
        "#" + [colour.red, colour.green, colour.blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
