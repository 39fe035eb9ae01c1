import Foundation

/// A colour, made from hue (0–360), saturation and lightness (0–1) as a designer picks one.
struct Colour: Sendable {
    var red: UInt8, green: UInt8, blue: UInt8

    init(red: UInt8, green: UInt8, blue: UInt8) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    init(hue: Double, saturation: Double, lightness: Double) {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(sector) {
        case 0: (chroma, second, 0)
        case 1: (second, chroma, 0)
        case 2: (0, chroma, second)
        case 3: (0, second, chroma)
        case 4: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let base = lightness - chroma / 2
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + base) * 255).rounded()))) }
        self.init(red: byte(r), green: byte(g), blue: byte(b))
    }

    static let white = Colour(red: 255, green: 255, blue: 255)
    static let ink = Colour(red: 40, green: 44, blue: 52)
}
