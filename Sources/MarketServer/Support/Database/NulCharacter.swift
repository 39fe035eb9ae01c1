import NIOCore

/// PostgreSQL's text cannot hold the NUL character (U+0000): a string carrying one fails its
/// whole statement, which answered 500 (a listing's title, a profile, an expense, a message's
/// key — schemathesis found the last). Request bodies are refused with 400 when they carry one,
/// here, before any decoding, so the rule is one and holds on SQLite too.
enum NulCharacter {
    /// Whether a JSON body encodes NUL in a string: the escape `\u0000` (a raw NUL byte is not
    /// JSON at all) after an even number of backslashes (`\\u0000` is a backslash and "u0000").
    static func inJSON(_ body: ByteBuffer) -> Bool {
        // Read in place: every JSON request passes here.
        body.withUnsafeReadableBytes { bytes in
            let escapeLength = 6  // \u0000
            var index = 0
            while index <= bytes.count - escapeLength {
                if bytes[index] == UInt8(ascii: "\\") {
                    if bytes[index + 1] == UInt8(ascii: "u"), bytes[(index + 2)..<(index + 6)].allSatisfy({ $0 == UInt8(ascii: "0") }) {
                        return true
                    }
                    index += 2  // an escape: skip the escaped character, so `\\` is never half of one
                } else {
                    index += 1
                }
            }
            return false
        }
    }

    /// Whether a form body (`application/x-www-form-urlencoded`) encodes NUL: `%00`.
    static func inForm(_ body: ByteBuffer) -> Bool {
        String(buffer: body).range(of: "%00") != nil
    }
}
