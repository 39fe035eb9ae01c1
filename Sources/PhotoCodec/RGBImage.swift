/// Pixels in memory: rows of red, green, blue bytes, top to bottom.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "an image's pixels fill its size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y) as red, green, blue.
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let at = (y * width + x) * 3
        return (pixels[at], pixels[at + 1], pixels[at + 2])
    }

    /// The mean colour, as a placeholder shows it while the photo loads.
    public var averageColour: (red: UInt8, green: UInt8, blue: UInt8) {
        var sums = (0, 0, 0)
        pixels.withUnsafeBufferPointer { buffer in
            var at = 0
            while at < buffer.count {
                sums.0 += Int(buffer[at]); sums.1 += Int(buffer[at + 1]); sums.2 += Int(buffer[at + 2])
                at += 3
            }
        }
        let count = width * height
        return (UInt8(sums.0 / count), UInt8(sums.1 / count), UInt8(sums.2 / count))
    }

    /// This image made smaller to `width` (the height keeps the aspect ratio), every output pixel
    /// the mean of the area it covers; `width` at least this image's answers it unchanged.
    public func scaled(toWidth target: Int) -> RGBImage {
        guard target < width else { return self }
        let targetHeight = Self.height(ofWidth: target, for: (width, height))
        var resampler = AreaResampler(from: (width, height), to: (target, targetHeight))
        pixels.withUnsafeBufferPointer { buffer in
            for row in 0..<height {
                resampler.add(UnsafeBufferPointer(rebasing: buffer[(row * width * 3)..<((row + 1) * width * 3)]))
            }
        }
        return resampler.image()
    }

    /// The height of `width` pixels across an image of `size`, rounded, at least 1.
    public static func height(ofWidth width: Int, for size: (width: Int, height: Int)) -> Int {
        max(1, Int((Double(size.height) * Double(width) / Double(size.width)).rounded()))
    }
}
