import Crypto
import Foundation
@testable import MarketServer
import Testing

@Suite("Hex digests")
struct BytesHexTests {
    @Test("a digest is written as lower-case hex, two digits a byte, as stored token hashes and photo names expect")
    func hex() {
        #expect(SHA256.hash(data: Data("abc".utf8)).hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect([UInt8]([0x00, 0x0f, 0xf0, 0xff]).hexString == "000ff0ff")
        #expect([UInt8]().hexString == "")
    }
}
