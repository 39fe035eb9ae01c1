import Foundation
import MarketCore

/// The picture `campusmarket seed` gives a demo listing: a flat illustration of its category
/// (a book, a desk, a laptop, a tent…) in colours, sizes and places that vary with each
/// listing's own generator, so a seeded shop looks stocked without any download.
struct SeedPicture {
    static let width = 480, height = 360

    var random: SeededGenerator
    private var canvas = Raster(width: SeedPicture.width, height: SeedPicture.height)

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// The PNG of `category`'s picture.
    static func png(of category: ListingCategory, seed: UInt64) -> [UInt8] {
        var picture = SeedPicture(seed: seed)
        picture.draw(category)
        return PNGEncoder.encode(picture.canvas)
    }

    private mutating func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    private mutating func hue() -> Double { number(0...360) }
    private mutating func tone(_ hue: Double, _ lightness: Double) -> Colour { Colour(hue: hue, saturation: number(0.45...0.75), lightness: lightness) }

    private mutating func draw(_ category: ListingCategory) {
        let backdrop = hue()
        canvas.gradient(top: Colour(hue: backdrop, saturation: 0.35, lightness: 0.93), bottom: Colour(hue: backdrop, saturation: 0.3, lightness: 0.82))
        let floor = number(270...300)
        canvas.rectangle(x: 0, y: floor, width: Double(Self.width), height: Double(Self.height) - floor, Colour(hue: backdrop, saturation: 0.2, lightness: 0.74))
        canvas.ellipse(centerX: 240, centerY: floor, radiusX: 150, radiusY: 14, Colour(hue: backdrop, saturation: 0.15, lightness: 0.62))
        switch category {
        case .textbooks: books(floor)
        case .notes: notes()
        case .furniture: furniture(floor)
        case .electronics: laptop(floor)
        case .homeAppliances: microwave(floor)
        case .sportingGoods: ball(floor)
        case .outdoor: tent(floor)
        case .toys: blocks(floor)
        case .clothing: shirt()
        case .other: box(floor)
        }
    }

    private mutating func books(_ floor: Double) {
        var top = floor
        for _ in 0..<Int(number(2...4.99)) {
            let width = number(190...280), height = number(28...46), x = 240 - width / 2 + number(-25...25)
            let cover = tone(hue(), 0.45)
            canvas.rectangle(x: x, y: top - height, width: width, height: height, cover)
            canvas.rectangle(x: x + 6, y: top - height + 5, width: width - 12, height: height - 10, Colour(hue: 45, saturation: 0.3, lightness: 0.95))
            canvas.rectangle(x: x, y: top - height, width: 22, height: height, tone(hue(), 0.3))
            top -= height
        }
    }

    private mutating func notes() {
        let x = number(120...150), y = number(40...60), width = 200.0, height = 260.0
        canvas.rectangle(x: x + 8, y: y + 8, width: width, height: height, Colour(hue: 0, saturation: 0, lightness: 0.6))
        canvas.rectangle(x: x, y: y, width: width, height: height, .white)
        let ink = tone(hue(), 0.55)
        for line in stride(from: y + 40, to: y + height - 12, by: 18) {
            canvas.rectangle(x: x + 12, y: line, width: width - 24, height: 2, Colour(hue: 210, saturation: 0.5, lightness: 0.8))
            canvas.rectangle(x: x + 36, y: line - 9, width: number(60...(width - 60)), height: 4, ink)
        }
        canvas.rectangle(x: x + 30, y: y, width: 2, height: height, Colour(hue: 0, saturation: 0.7, lightness: 0.6))
        let pencil = tone(hue(), 0.55), tip = x + width + 10
        canvas.line(from: (tip - 150, y + 230), to: (tip, y + 80), thickness: 14, pencil)
        canvas.polygon([(tip - 5, y + 74), (tip + 17, y + 58), (tip + 6, y + 86)], Colour(hue: 30, saturation: 0.5, lightness: 0.7))
    }

    private mutating func furniture(_ floor: Double) {
        let wood = tone(number(20...40), 0.4), dark = Colour(hue: 25, saturation: 0.4, lightness: 0.25)
        if number(0...1) < 0.5 {  // a desk with a drawer
            let width = number(260...320), x = 240 - width / 2, top = floor - 150
            canvas.rectangle(x: x - 10, y: top, width: width + 20, height: 16, wood)
            canvas.rectangle(x: x, y: top + 16, width: 14, height: 134, dark)
            canvas.rectangle(x: x + width - 14, y: top + 16, width: 14, height: 134, dark)
            canvas.rectangle(x: x + width - 110, y: top + 16, width: 96, height: 50, wood)
            canvas.rectangle(x: x + width - 72, y: top + 38, width: 20, height: 5, dark)
        } else {  // a chair
            let x = number(180...220), seat = floor - 100
            canvas.rectangle(x: x, y: seat - 130, width: 16, height: 230, dark)
            canvas.rectangle(x: x, y: seat - 130, width: 110, height: 60, wood)
            canvas.rectangle(x: x, y: seat, width: 120, height: 16, wood)
            canvas.rectangle(x: x + 104, y: seat + 16, width: 14, height: 84, dark)
        }
    }

    private mutating func laptop(_ floor: Double) {
        let width = number(220...280), x = 240 - width / 2, base = floor - 12
        let body = Colour(hue: 220, saturation: 0.08, lightness: number(0.55...0.8))
        canvas.rectangle(x: x, y: base - width * 0.62, width: width, height: width * 0.62, body)
        canvas.rectangle(x: x + 10, y: base - width * 0.62 + 10, width: width - 20, height: width * 0.62 - 20, tone(hue(), 0.35))
        canvas.ellipse(centerX: x + width * 0.65, centerY: base - width * 0.4, radiusX: width * 0.14, radiusY: width * 0.14, tone(hue(), 0.6))
        canvas.polygon([(x - 30, base + 12), (x + width + 30, base + 12), (x + width, base), (x, base)], body)
    }

    private mutating func microwave(_ floor: Double) {
        let width = number(250...300), height = width * 0.58, x = 240 - width / 2, top = floor - height
        canvas.rectangle(x: x, y: top, width: width, height: height, tone(hue(), 0.75))
        canvas.rectangle(x: x + 16, y: top + 16, width: width * 0.66, height: height - 32, Colour.ink)
        for row in 0..<3 {
            canvas.ellipse(centerX: x + width * 0.86, centerY: top + 34 + Double(row) * 36, radiusX: 11, radiusY: 11, Colour(hue: 0, saturation: 0, lightness: 0.35))
        }
    }

    /// A beach ball: wedges of alternating colours.
    private mutating func ball(_ floor: Double) {
        let radius = number(80...110), cx = number(200...280), cy = floor - radius
        let colours = [tone(hue(), 0.55), Colour.white, tone(hue(), 0.55)]
        let wedges = 6, turn = number(0...1)
        for wedge in 0..<wedges {
            let from = (Double(wedge) + turn) / Double(wedges) * 2 * .pi, to = (Double(wedge + 1) + turn) / Double(wedges) * 2 * .pi
            var points: [(x: Double, y: Double)] = [(cx, cy)]
            for step in 0...12 {
                let angle = from + (to - from) * Double(step) / 12
                points.append((cx + radius * cos(angle), cy + radius * sin(angle)))
            }
            canvas.polygon(points, colours[wedge % colours.count])
        }
        canvas.ring(centerX: cx, centerY: cy, radius: radius, thickness: 4, Colour.ink)
        canvas.ellipse(centerX: cx, centerY: cy, radiusX: radius * 0.14, radiusY: radius * 0.14, .white)
    }

    private mutating func tent(_ floor: Double) {
        let width = number(240...300), x = 240 - width / 2, peak = floor - number(150...190)
        canvas.polygon([(x, floor), (240, peak), (x + width, floor)], tone(hue(), 0.45))
        canvas.polygon([(240 - 34, floor), (240, floor - 90), (240 + 34, floor)], Colour.ink)
        canvas.ellipse(centerX: number(60...120), centerY: number(50...80), radiusX: 28, radiusY: 28, Colour(hue: 45, saturation: 0.9, lightness: 0.6))
    }

    private mutating func blocks(_ floor: Double) {
        let size = number(70...90)
        let places = [(240 - size * 1.1, floor - size), (240 + size * 0.1, floor - size), (240 - size / 2, floor - size * 2)]
        for (x, y) in places {
            canvas.rectangle(x: x, y: y, width: size, height: size, tone(hue(), 0.55))
            canvas.rectangle(x: x + size * 0.3, y: y + size * 0.3, width: size * 0.4, height: size * 0.4, .white)
        }
    }

    private mutating func shirt() {
        let colour = tone(hue(), 0.5), cx = 240.0, top = number(60...80)
        canvas.polygon([(cx - 60, top), (cx - 150, top + 50), (cx - 115, top + 105), (cx - 85, top + 90), (cx - 85, top + 230),
                        (cx + 85, top + 230), (cx + 85, top + 90), (cx + 115, top + 105), (cx + 150, top + 50), (cx + 60, top)], colour)
        canvas.ellipse(centerX: cx, centerY: top, radiusX: 38, radiusY: 20, Colour(hue: 0, saturation: 0, lightness: 0.95))
    }

    private mutating func box(_ floor: Double) {
        let size = number(140...180), x = 240 - size / 2, top = floor - size
        let cardboard = Colour(hue: 32, saturation: 0.5, lightness: number(0.5...0.62))
        canvas.rectangle(x: x, y: top, width: size, height: size, cardboard)
        canvas.polygon([(x, top), (x + 40, top - 30), (x + size + 40, top - 30), (x + size, top)], Colour(hue: 32, saturation: 0.5, lightness: 0.7))
        canvas.polygon([(x + size, top), (x + size + 40, top - 30), (x + size + 40, floor - 30), (x + size, floor)], Colour(hue: 32, saturation: 0.5, lightness: 0.4))
        canvas.rectangle(x: x + size / 2 - 12, y: top, width: 24, height: size, tone(hue(), 0.5))
    }
}
