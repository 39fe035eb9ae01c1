/// The one piece of a camera's EXIF a photo keeps: which way is up. A phone held upright stores
/// a landscape image and writes "turn it right" (orientation 6); dropping that with the GPS
/// position would show every portrait photo on its side. The scrubber reads it here, writes
/// it back as a minimal EXIF block of that one tag, and the smaller sizes are turned upright.
enum ExifOrientation {
    /// The orientation (1–8) in an APP1 segment's payload ("Exif\0\0" then a TIFF header and
    /// its first directory), or nil when it has none or is not EXIF.
    static func read(_ payload: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(payload)
        guard bytes.starts(with: Array("Exif\0\0".utf8)), bytes.count >= 14 else { return nil }
        let tiff = 6
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true   // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func number(_ offset: Int, _ width: Int) -> Int? {
            let at = tiff + offset
            if little { return bytes.uintLE(at: at, bytes: width) }
            return width == 2 ? bytes.uint16BE(at: at) : bytes.uint32BE(at: at)
        }
        guard let directory = number(4, 4), let count = number(directory, 2), count < 1000 else { return nil }
        for entry in 0..<count {
            let at = directory + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            if tag == 0x0112, let type = number(at + 2, 2), type == 3, let value = number(at + 8, 2), (1...8).contains(value) {
                return value
            }
        }
        return nil
    }

    /// An APP1 segment (marker included) holding only `orientation`.
    static func segment(_ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]  // big-endian, first directory at 8
        let directory: [UInt8] = [0, 1,  // one entry
                                  0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0,  // Orientation, SHORT, 1
                                  0, 0, 0, 0]  // no next directory
        let payload = Array("Exif\0\0".utf8) + tiff + directory
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
