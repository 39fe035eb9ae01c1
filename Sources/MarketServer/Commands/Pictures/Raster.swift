import Foundation

/// An RGB picture drawn with a few filled shapes, enough for the seed command's illustrations.
/// Coordinates are in pixels, y downwards; shapes are clipped to the picture.
struct Raster {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 3)
    }

    /// Rows of RGB bytes, top first.
    func row(_ y: Int) -> ArraySlice<UInt8> { pixels[(y * width * 3)..<((y + 1) * width * 3)] }

    private mutating func span(_ y: Int, from x0: Int, to x1: Int, _ colour: Colour) {
        guard y >= 0, y < height else { return }
        let start = max(0, x0), end = min(width - 1, x1)
        guard start <= end else { return }
        var index = (y * width + start) * 3
        for _ in start...end {
            pixels[index] = colour.red
            pixels[index + 1] = colour.green
            pixels[index + 2] = colour.blue
            index += 3
        }
    }

    /// From `top` at the first row to `bottom` at the last.
    mutating func gradient(top: Colour, bottom: Colour) {
        for y in 0..<height {
            let t = Double(y) / Double(max(1, height - 1))
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
            span(y, from: 0, to: width - 1, Colour(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue)))
        }
    }

    mutating func rectangle(x: Double, y: Double, width w: Double, height h: Double, _ colour: Colour) {
        for row in Int(y.rounded())..<Int((y + h).rounded()) {
            span(row, from: Int(x.rounded()), to: Int((x + w).rounded()) - 1, colour)
        }
    }

    mutating func ellipse(centerX cx: Double, centerY cy: Double, radiusX rx: Double, radiusY ry: Double, _ colour: Colour) {
        guard rx > 0, ry > 0 else { return }
        for row in Int((cy - ry).rounded(.down))...Int((cy + ry).rounded(.up)) {
            let dy = (Double(row) + 0.5 - cy) / ry
            guard abs(dy) <= 1 else { continue }
            let half = rx * (1 - dy * dy).squareRoot()
            span(row, from: Int((cx - half).rounded()), to: Int((cx + half).rounded()) - 1, colour)
        }
    }

    /// A ring: the band between two circles.
    mutating func ring(centerX cx: Double, centerY cy: Double, radius: Double, thickness: Double, _ colour: Colour) {
        let inner = max(0, radius - thickness)
        for row in Int((cy - radius).rounded(.down))...Int((cy + radius).rounded(.up)) {
            let dy = Double(row) + 0.5 - cy
            guard abs(dy) <= radius else { continue }
            let outerHalf = (radius * radius - dy * dy).squareRoot()
            if abs(dy) >= inner {
                span(row, from: Int((cx - outerHalf).rounded()), to: Int((cx + outerHalf).rounded()) - 1, colour)
            } else {
                let innerHalf = (inner * inner - dy * dy).squareRoot()
                span(row, from: Int((cx - outerHalf).rounded()), to: Int((cx - innerHalf).rounded()) - 1, colour)
                span(row, from: Int((cx + innerHalf).rounded()), to: Int((cx + outerHalf).rounded()) - 1, colour)
            }
        }
    }

    /// Any simple polygon, filled by the even-odd rule one row at a time.
    mutating func polygon(_ points: [(x: Double, y: Double)], _ colour: Colour) {
        guard points.count >= 3 else { return }
        let top = Int(points.map(\.y).min()!.rounded(.down)), bottom = Int(points.map(\.y).max()!.rounded(.up))
        for row in max(0, top)...min(height - 1, max(0, bottom)) {
            let y = Double(row) + 0.5
            var crossings: [Double] = []
            for (index, a) in points.enumerated() {
                let b = points[(index + 1) % points.count]
                if (a.y <= y && b.y > y) || (b.y <= y && a.y > y) {
                    crossings.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
                }
            }
            crossings.sort()
            for pair in stride(from: 0, to: crossings.count - 1, by: 2) {
                span(row, from: Int(crossings[pair].rounded()), to: Int(crossings[pair + 1].rounded()) - 1, colour)
            }
        }
    }

    /// A straight stroke `thickness` wide.
    mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), thickness: Double, _ colour: Colour) {
        let length = max(0.001, ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        let nx = -(b.y - a.y) / length * thickness / 2, ny = (b.x - a.x) / length * thickness / 2
        polygon([(a.x + nx, a.y + ny), (b.x + nx, b.y + ny), (b.x - nx, b.y - ny), (a.x - nx, a.y - ny)], colour)
    }
}
