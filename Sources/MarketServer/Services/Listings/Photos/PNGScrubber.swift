/// PNG: the signature, then chunks (length, type, data, CRC) from IHDR to IEND. Kept: the
/// chunks that decide how the image looks (a fixed list); dropped: text (tEXt, zTXt, iTXt),
/// EXIF (eXIf), the time (tIME), any chunk not on the list, and anything after IEND.
enum PNGScrubber {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static let kept: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND",  // critical
        "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "bKGD", "pHYs", "cICP",  // colour and display
        "acTL", "fcTL", "fdAT",  // animation (APNG)
    ]

    static func scrub(_ input: [UInt8]) throws(ImageScrubber.Problem) -> ImageScrubber.CleanImage {
        let bad = ImageScrubber.Problem.malformed("PNG")
        var output = signature
        var offset = signature.count
        var size: (width: Int, height: Int)?
        var sawData = false
        while true {
            guard let length = input.uint32BE(at: offset), length <= 0x7FFF_FFFF,
                  offset + 12 + length <= input.count else { throw bad }
            let typeBytes = input[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { throw bad }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let chunk = input[offset..<(offset + 12 + length)]
            guard input.uint32BE(at: offset + 8 + length) == Int(CRC32.checksum(input[(offset + 4)..<(offset + 8 + length)])) else {
                throw bad
            }
            offset += 12 + length
            if size == nil {
                guard type == "IHDR", length == 13, let width = input.uint32BE(at: chunk.startIndex + 8),
                      let height = input.uint32BE(at: chunk.startIndex + 12) else { throw bad }
                size = (width, height)
            }
            if type == "IDAT" { sawData = true }
            if kept.contains(type) { output += chunk }
            if type == "IEND" { break }
        }
        guard let size, sawData else { throw bad }
        return .init(type: .png, bytes: output, width: size.width, height: size.height)
    }
}
