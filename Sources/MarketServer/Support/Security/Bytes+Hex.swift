/// Lower-case hex, two digits a byte: how SHA-256 digests are stored and named (token hashes,
/// photo files, prepared statements). The session's token hash is made on every signed-in
/// request, so this avoids `String(format:)`, which parses its format once per byte.
extension Sequence<UInt8> {
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
