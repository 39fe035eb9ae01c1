@testable import PhotoCodec
import Testing

/// `RGBImage.scaled(toWidth:)`: each output pixel is the mean of the source area it covers,
/// edge pixels by the share that falls in it, rounded half up, never past 0…255.
@Suite struct PhotoResamplingTests {
    /// An image whose red, green and blue are the same grey, row by row.
    private func grey(_ rows: [[UInt8]]) -> RGBImage {
        RGBImage(width: rows[0].count, height: rows.count, pixels: rows.flatMap { $0.flatMap { [$0, $0, $0] } })
    }

    private func greys(of image: RGBImage) -> [[UInt8]] {
        (0..<image.height).map { y in (0..<image.width).map { x in image.pixel(x: x, y: y).0 } }
    }

    @Test("halving: every output pixel is its 2×2 block's mean, a half rounded up")
    func halving() {
        let image = grey([[10, 11, 0, 0], [20, 21, 255, 254]])
        // (10 + 11 + 20 + 21) / 4 = 15.5 → 16; (0 + 0 + 255 + 254) / 4 = 127.25 → 127.
        #expect(greys(of: image.scaled(toWidth: 2)) == [[16, 127]])
    }

    @Test("three to two: a middle pixel counts half in each output pixel it straddles")
    func straddling() {
        let image = grey([[90, 30, 60], [0, 120, 240], [30, 30, 30]])
        // Each output pixel covers 1.5 × 1.5 source pixels (area 2.25): the top left one
        // 90 + 30/2 + 0/2 + 120/4 = 135 → 60; top right 60 + 30/2 + 240/2 + 120/4 = 225 → 100;
        // bottom left 30 + 0/2 + 30/2 + 120/4 = 75 → 33.33 → 33; bottom right 30 + 240/2 + 30/2 + 120/4 = 195 → 86.67 → 87.
        #expect(greys(of: image.scaled(toWidth: 2)) == [[60, 100], [33, 87]])
    }

    @Test("white stays white and black black at any ratio, however the shares add up")
    func extremes() {
        for (width, height, target) in [(4032, 3, 1600), (7, 5, 3), (1000, 2, 999)] {
            for value: UInt8 in [0, 255] {
                let image = RGBImage(width: width, height: height, pixels: Array(repeating: value, count: width * height * 3))
                let scaled = image.scaled(toWidth: target)
                #expect(scaled.width == target)
                #expect(scaled.pixels.allSatisfy { $0 == value }, "\(value) at \(width) → \(target)")
            }
        }
    }

    @Test("red, green and blue are averaged each on its own")
    func channels() {
        let image = RGBImage(width: 2, height: 1, pixels: [200, 0, 10, 100, 50, 11])
        #expect(image.scaled(toWidth: 1).pixel(x: 0, y: 0) == (150, 25, 11))
    }

    @Test("a sum becomes a byte by its whole part, exactly as a checked conversion would, at every step of 1/4096 and either side of each whole and half")
    func byteOfSum() {
        var values = stride(from: Float(0), to: 256, by: 1.0 / 4096).map { $0 }
        for whole in 0..<256 {
            for value in [Float(whole), Float(whole) + 0.5] { values += [value.nextDown, value, value.nextUp] }
        }
        let wrong = values.filter { $0 >= 0 && $0 < 256 && AreaResampler.byte($0) != UInt8($0) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
