import Foundation

/// Reads CBOR from untrusted bytes: every length is checked against what remains before
/// anything is allocated, and nesting is bounded, so a hostile authenticator response cannot
/// exhaust memory or the stack.
struct CBORReader {
    static let maxDepth = 16

    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    /// Exactly one value filling `data`.
    static func decode(_ data: Data) throws -> CBOR {
        var reader = CBORReader(data)
        let value = try reader.read()
        guard reader.offset == reader.bytes.count else { throw CBORError("trailing bytes after the CBOR value") }
        return value
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// The next value; `offset` moves past it.
    mutating func read() throws -> CBOR { try read(depth: 0) }

    private mutating func read(depth: Int) throws -> CBOR {
        guard depth < Self.maxDepth else { throw CBORError("CBOR nested too deeply") }
        let initial = try byte()
        let major = initial >> 5
        let info = initial & 0x1f
        if major == 7 { return try simple(info) }
        let argument = try self.argument(info)
        switch major {
        case 0:
            return .unsigned(argument)
        case 1:
            guard argument <= UInt64(Int64.max) else { throw CBORError("CBOR negative integer out of range") }
            return .negative(-1 - Int64(argument))
        case 2:
            return .bytes(Data(try take(argument)))
        case 3:
            guard let text = String(validating: try take(argument), as: UTF8.self) else { throw CBORError("CBOR text is not UTF-8") }
            return .text(text)
        case 4:
            // Each element takes at least one byte: a count beyond what remains is a lie.
            guard argument <= UInt64(bytes.count - offset) else { throw CBORError("CBOR array longer than its input") }
            var elements: [CBOR] = []
            for _ in 0..<argument { elements.append(try read(depth: depth + 1)) }
            return .array(elements)
        case 5:
            guard argument <= UInt64(bytes.count - offset) / 2 else { throw CBORError("CBOR map longer than its input") }
            var entries: [CBOR.Entry] = []
            for _ in 0..<argument {
                let key = try read(depth: depth + 1)
                guard !entries.contains(where: { $0.key == key }) else { throw CBORError("CBOR map repeats a key") }
                entries.append(CBOR.Entry(key: key, value: try read(depth: depth + 1)))
            }
            return .map(entries)
        default:
            throw CBORError("CBOR tags are not used by WebAuthn")
        }
    }

    private mutating func simple(_ info: UInt8) throws -> CBOR {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        default: throw CBORError("unsupported CBOR simple value or float")
        }
    }

    private mutating func argument(_ info: UInt8) throws -> UInt64 {
        switch info {
        case 0..<24: return UInt64(info)
        case 24: return UInt64(try byte())
        case 25: return try take(2).reduce(0) { $0 << 8 | UInt64($1) }
        case 26: return try take(4).reduce(0) { $0 << 8 | UInt64($1) }
        case 27: return try take(8).reduce(0) { $0 << 8 | UInt64($1) }
        default: throw CBORError("indefinite or reserved CBOR length")
        }
    }

    private mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw CBORError("CBOR ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func take(_ count: UInt64) throws -> ArraySlice<UInt8> {
        guard count <= UInt64(bytes.count - offset) else { throw CBORError("CBOR ends early") }
        let end = offset + Int(count)
        defer { offset = end }
        return bytes[offset..<end]
    }
}
