import Foundation

/// A CBOR value (RFC 8949), for the subset WebAuthn uses: integers, byte and text strings,
/// arrays, maps and the simple values. Authenticators encode in CTAP2's canonical form, so
/// indefinite lengths, tags and floats are refused rather than half-supported.
indirect enum CBOR: Equatable, Sendable {
    case unsigned(UInt64)
    /// A negative integer's value (CBOR encodes -1 - n).
    case negative(Int64)
    case bytes(Data)
    case text(String)
    case array([CBOR])
    case map([Entry])
    case bool(Bool)
    case null

    struct Entry: Equatable, Sendable {
        let key: CBOR
        let value: CBOR
    }

    /// A map's value for an integer key (COSE keys use -1, 1, 3…).
    subscript(_ key: Int) -> CBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key.integer == key }?.value
    }

    /// A map's value for a text key (attestation objects use "fmt", "authData"…).
    subscript(_ key: String) -> CBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == .text(key) }?.value
    }

    var integer: Int? {
        switch self {
        case .unsigned(let value): value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let value): Int(value)
        default: nil
        }
    }

    var byteString: Data? {
        if case .bytes(let data) = self { return data }
        return nil
    }

    var textString: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

struct CBORError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
