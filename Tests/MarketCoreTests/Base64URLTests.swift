import Foundation
import MarketCore
import Testing

@Suite("base64url")
struct Base64URLTests {
    @Test("encodes as Foundation's base64 with the URL alphabet and no padding, for every length's remainder, and decodes back")
    func matchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            let encoded = Base64URL.encode(bytes)
            #expect(encoded == expected, "\(length) bytes")
            #expect(Base64URL.decode(encoded) == Data(bytes), "\(length) bytes")
        }
        // The two characters that differ from base64's: 0xFB 0xFF is "+/8" there.
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == Data([0xFB, 0xFF]))
        // base64's own letters and padding are not base64url; nor is a length no encoding has.
        #expect(Base64URL.decode("+/8") == nil)
        #expect(Base64URL.decode("-_8=") == nil)
        #expect(Base64URL.decode("A") == nil)
    }
}
