import Foundation
@testable import MarketServer
import Testing

/// The CBOR reader meets untrusted bytes: it reads what WebAuthn sends and refuses the rest
/// without allocating what a length only claims.
@Suite("CBOR reader")
struct CBORReaderTests {
    @Test("reads integers, strings, arrays and maps as encoded")
    func roundTrip() throws {
        let value = CBOR.map([
            .init(key: .text("fmt"), value: .text("none")),
            .init(key: .negative(-257), value: .bytes(Data([1, 2, 3]))),
            .init(key: .unsigned(70_000), value: .array([.bool(true), .null, .unsigned(4_294_967_296)])),
        ])
        #expect(try CBORReader.decode(Data(value.encoded)) == value)
        #expect(value[-257]?.byteString == Data([1, 2, 3]) && value["fmt"]?.textString == "none")
    }

    @Test("refuses truncated, oversized, indefinite, tagged, float, repeated-key, too deep and trailing input", arguments: [
        ("truncated string", [0x43, 0x01]),
        ("length beyond input", [0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
        ("array count beyond input", [0x9a, 0xff, 0xff, 0xff, 0xff]),
        ("indefinite length", [0x5f, 0x41, 0x00, 0xff]),
        ("tag", [0xc2, 0x41, 0x01]),
        ("float", [0xf9, 0x3c, 0x00]),
        ("repeated key", [0xa2, 0x01, 0x01, 0x01, 0x02]),
        ("too deep", [UInt8](repeating: 0x81, count: 40) + [0x00]),
        ("trailing bytes", [0x01, 0x02]),
        ("invalid UTF-8", [0x62, 0xc3, 0x28]),
    ] as [(String, [UInt8])])
    func refusals(name: String, bytes: [UInt8]) {
        #expect(throws: CBORError.self, "\(name)") { try CBORReader.decode(Data(bytes)) }
    }
}
