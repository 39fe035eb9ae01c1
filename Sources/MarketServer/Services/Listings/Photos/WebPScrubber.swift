/// WebP: a RIFF container of chunks. Kept: the image (VP8, VP8L, the VP8X header, alpha,
/// animation frames) and its ICC profile; dropped: EXIF and XMP (with their VP8X flags
/// cleared), unknown chunks, and anything past the RIFF's declared size.
enum WebPScrubber {
    static let kept: Set<String> = ["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"]

    static func scrub(_ input: [UInt8]) throws(ImageScrubber.Problem) -> ImageScrubber.CleanImage {
        let bad = ImageScrubber.Problem.malformed("WebP")
        guard let riffSize = input.uintLE(at: 4, bytes: 4), riffSize >= 4, 8 + riffSize <= input.count else { throw bad }
        let end = 8 + riffSize
        var chunks: [UInt8] = []
        var offset = 12
        var size: (width: Int, height: Int)?
        var sawImage = false
        while offset < end {
            guard offset + 8 <= end, let length = input.uintLE(at: offset + 4, bytes: 4) else { throw bad }
            let padded = length + (length & 1)
            guard offset + 8 + length <= end else { throw bad }
            let type = String(decoding: input[offset..<(offset + 4)], as: UTF8.self)
            let data = offset + 8
            switch type {
            case "VP8X":
                guard length >= 10, let w = input.uintLE(at: data + 4, bytes: 3), let h = input.uintLE(at: data + 7, bytes: 3) else { throw bad }
                size = (w + 1, h + 1)
            case "VP8 ":
                // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
                guard length >= 10, input[data + 3] == 0x9D, input[data + 4] == 0x01, input[data + 5] == 0x2A,
                      let w = input.uintLE(at: data + 6, bytes: 2), let h = input.uintLE(at: data + 8, bytes: 2) else { throw bad }
                if size == nil { size = (w & 0x3FFF, h & 0x3FFF) }
                sawImage = true
            case "VP8L":
                // Signature 0x2F, then width-1 and height-1 in 14 bits each.
                guard length >= 5, input[data] == 0x2F, let bits = input.uintLE(at: data + 1, bytes: 4) else { throw bad }
                if size == nil { size = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1) }
                sawImage = true
            case "ANMF":
                sawImage = true
            default:
                break
            }
            if kept.contains(type) {
                var chunk = Array(input[offset..<min(offset + 8 + padded, end)])
                if chunk.count < 8 + padded { chunk += [0] }  // a missing pad byte at the very end
                if type == "VP8X" { chunk[8] &= ~(0x08 | 0x04) }  // no EXIF, no XMP any more
                chunks += chunk
            }
            offset += 8 + padded
        }
        guard let size, sawImage else { throw bad }
        let total = 4 + chunks.count
        let header = Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: total >> (8 * $0)) } + Array("WEBP".utf8)
        return .init(type: .webp, bytes: header + chunks, width: size.width, height: size.height)
    }
}
