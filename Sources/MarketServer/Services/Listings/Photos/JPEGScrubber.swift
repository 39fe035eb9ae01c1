/// JPEG: a chain of marker segments up to the start of scan, entropy-coded data, then more
/// segments (progressive images have several scans) until the end-of-image marker.
/// Kept: everything the decoder needs, JFIF (APP0), the ICC colour profile (APP2
/// "ICC_PROFILE") and Adobe's colour transform (APP14), and the EXIF orientation alone
/// (`ExifOrientation`). Dropped: the rest of APP1 (EXIF, XMP — the GPS position), the other APPn
/// segments, comments, and anything after end-of-image.
enum JPEGScrubber {
    static func scrub(_ input: [UInt8]) throws(ImageScrubber.Problem) -> ImageScrubber.CleanImage {
        let bad = ImageScrubber.Problem.malformed("JPEG")
        var output: [UInt8] = [0xFF, 0xD8]
        var offset = 2
        var size: (width: Int, height: Int)?
        var orientation = 1
        while true {
            // A marker: one or more 0xFF fill bytes, then its code.
            guard offset < input.count, input[offset] == 0xFF else { throw bad }
            while offset < input.count, input[offset] == 0xFF { offset += 1 }
            guard offset < input.count else { throw bad }
            let marker = input[offset]
            offset += 1
            if marker == 0xD9 {  // end of image
                guard size != nil else { throw bad }
                output += [0xFF, 0xD9]
                break
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { output += [0xFF, marker]; continue }  // no length
            guard let length = input.uint16BE(at: offset), length >= 2, offset + length <= input.count else { throw bad }
            let segment = input[offset..<(offset + length)]
            offset += length
            if isFrameHeader(marker) {
                guard length >= 8, let height = input.uint16BE(at: segment.startIndex + 3),
                      let width = input.uint16BE(at: segment.startIndex + 5) else { throw bad }
                size = (width, height)
            }
            if marker == 0xE1, let found = ExifOrientation.read(segment.dropFirst(2)) { orientation = found }
            if keeps(marker, segment) { output += [0xFF, marker]; output += segment }
            if marker == 0xDA {  // start of scan: copy the entropy-coded data up to the next real marker
                guard size != nil else { throw bad }
                let start = offset
                while offset + 1 < input.count {
                    // 0xFF in scan data is stuffed (FF 00) or a restart marker (FF D0–D7); anything else starts a marker.
                    if input[offset] == 0xFF, input[offset + 1] != 0x00, !(0xD0...0xD7).contains(input[offset + 1]) { break }
                    offset += 1
                }
                guard offset + 1 < input.count else { throw bad }  // the file ends inside a scan: truncated
                output += input[start..<offset]
            }
        }
        guard let size else { throw bad }
        if orientation != 1 {
            // After the JFIF segment when there is one (it must come first), else after start-of-image.
            let at = output.count > 4 && output[2...3] == [0xFF, 0xE0] ? 4 + (output.uint16BE(at: 4) ?? 0) : 2
            output.insert(contentsOf: ExifOrientation.segment(orientation), at: at)
        }
        return .init(type: .jpeg, bytes: output, width: size.width, height: size.height, orientation: orientation)
    }

    /// SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    private static func keeps(_ marker: UInt8, _ segment: ArraySlice<UInt8>) -> Bool {
        let payload = segment.dropFirst(2)
        switch marker {
        case 0xE0: return payload.starts(with: Array("JFIF\0".utf8)) || payload.starts(with: Array("JFXX\0".utf8))
        case 0xE2: return payload.starts(with: Array("ICC_PROFILE\0".utf8))
        case 0xEE: return payload.starts(with: Array("Adobe".utf8))
        case 0xE1...0xEF, 0xFE: return false  // other application data, comments
        default: return true
        }
    }
}
