extension RGBImage {
    /// The image as it is meant to be seen, given the EXIF orientation (1–8) its camera wrote:
    /// a phone held upright stores a landscape image and orientation 6, "turn it right".
    /// Other values leave it as stored.
    public func upright(orientation: Int) -> RGBImage {
        guard (2...8).contains(orientation) else { return self }
        let turned = orientation >= 5  // 5–8 swap width and height
        let (outWidth, outHeight) = turned ? (height, width) : (width, height)
        var output = [UInt8](repeating: 0, count: pixels.count)
        let (w, h) = (width, height)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // Where the pixel seen at (x, y) is stored.
                        let (sx, sy): (Int, Int) = switch orientation {
                        case 2: (w - 1 - x, y)           // mirrored
                        case 3: (w - 1 - x, h - 1 - y)   // upside down
                        case 4: (x, h - 1 - y)           // mirrored upside down
                        case 5: (y, x)                   // mirrored, turned left
                        case 6: (y, h - 1 - x)           // turned left: turn it right
                        case 7: (w - 1 - y, h - 1 - x)   // mirrored, turned right
                        default: (w - 1 - y, x)          // 8, turned right: turn it left
                        }
                        let from = (sy * w + sx) * 3, to = (y * outWidth + x) * 3
                        target[to] = source[from]; target[to + 1] = source[from + 1]; target[to + 2] = source[from + 2]
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: output)
    }
}
