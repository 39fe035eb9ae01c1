import Foundation
import NIOCore

/// JSON written straight into a buffer, for the few response types sent by the thousand (the
/// feed's listings, `ListingJSON`). Foundation's `JSONEncoder` builds a tree of boxed values
/// through `Encodable`'s generic containers first: a profile of the feed put it at a quarter of
/// the server's CPU. What this writes is what `JSONEncoder.api` writes (UTC ISO 8601 dates in
/// whole seconds, unescaped slashes, nil optionals left out); `ListingJSONTests` holds the two
/// to the same output.
struct JSONBytes {
    private(set) var buffer: ByteBuffer
    /// Whether each open object or array has a member yet (a comma before the next): bit `n` for
    /// nesting level `n`. Bits, not an array: a key's bookkeeping was a sixth of writing a listing.
    private var hasMember: UInt64 = 0
    private var depth = 0

    init(capacity: Int = 4096) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    // MARK: Structure

    mutating func object(_ body: (inout JSONBytes) throws -> Void) rethrows {
        buffer.writeInteger(UInt8(ascii: "{"))
        open()
        try body(&self)
        close()
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    mutating func array<S: Sequence>(_ items: S, _ write: (inout JSONBytes, S.Element) throws -> Void) rethrows {
        buffer.writeInteger(UInt8(ascii: "["))
        open()
        for item in items {
            separate()
            try write(&self, item)
        }
        close()
        buffer.writeInteger(UInt8(ascii: "]"))
    }

    private mutating func open() {
        depth += 1
        precondition(depth < 64, "JSON nested deeper than 63 levels")
        hasMember &= ~(1 << depth)
    }

    private mutating func close() {
        depth -= 1
    }

    /// Starts the member `name` of the object being written; its value is written next.
    mutating func key(_ name: StaticString) {
        // One write of `,"name":` (each write of a buffer checks its room and its uniqueness).
        let comma = needsComma()
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: name.utf8CodeUnitCount + 4) { out in
            var at = 0
            if comma { out[0] = UInt8(ascii: ","); at = 1 }
            out[at] = UInt8(ascii: "\"")
            at += 1
            name.withUTF8Buffer { utf8 in
                UnsafeMutableRawBufferPointer(rebasing: out[at...]).copyMemory(from: UnsafeRawBufferPointer(utf8))
                at += utf8.count
            }
            out[at] = UInt8(ascii: "\"")
            out[at + 1] = UInt8(ascii: ":")
            return at + 2
        }
    }

    private mutating func separate() {
        if needsComma() { buffer.writeInteger(UInt8(ascii: ",")) }
    }

    /// Whether a comma goes before the member or element about to be written; it will have one.
    private mutating func needsComma() -> Bool {
        guard depth > 0 else { return false }
        let bit: UInt64 = 1 << depth
        defer { hasMember |= bit }
        return hasMember & bit != 0
    }

    // MARK: Values

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { write(quoted: $0) }  // native strings are contiguous: no copy
    }

    /// `utf8` between quotes, escaped as JSON needs; runs with nothing to escape copied whole.
    private mutating func write(quoted utf8: UnsafeBufferPointer<UInt8>) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var plainFrom = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[plainFrom..<index])))
                escape(byte)
                plainFrom = index + 1
            }
        }
        buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[plainFrom...])))
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
        case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
        case 0x0A: buffer.writeStaticString("\\n")
        case 0x0D: buffer.writeStaticString("\\r")
        case 0x09: buffer.writeStaticString("\\t")
        case 0x08: buffer.writeStaticString("\\b")
        case 0x0C: buffer.writeStaticString("\\f")
        default:
            buffer.writeStaticString("\\u00")
            buffer.writeInteger(Self.hexDigits[Int(byte >> 4)])
            buffer.writeInteger(Self.hexDigits[Int(byte & 0xF)])
        }
    }

    mutating func int(_ value: Int) {
        // Digits into the buffer itself, not through a `String` allocated for each number.
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: a 64-bit number has at most 20 digits
        withUnsafeMutableBytes(of: &digits) { raw in
            var start = raw.count
            repeat {
                start -= 1
                raw[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { start -= 1; raw[start] = UInt8(ascii: "-") }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: raw[start...]))
        }
    }

    mutating func bool(_ value: Bool) {
        buffer.writeStaticString(value ? "true" : "false")
    }

    mutating func null() {
        buffer.writeStaticString("null")
    }

    /// An id as the wire has it: lower case (`UUID.wireString`), written from its bytes.
    mutating func uuid(_ value: UUID) {
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 38) { out in
            let hex = Self.hexDigits
            out[0] = UInt8(ascii: "\"")
            var at = 1
            withUnsafeBytes(of: value.uuid) { bytes in
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { out[at] = UInt8(ascii: "-"); at += 1 }
                    out[at] = hex[Int(byte >> 4)]
                    out[at + 1] = hex[Int(byte & 0xF)]
                    at += 2
                }
            }
            out[at] = UInt8(ascii: "\"")
            return at + 1
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A time as `.iso8601` writes it: UTC, whole seconds (`2026-11-26T12:43:31Z`).
    mutating func date(_ value: Date) {
        let seconds = Int((value.timeIntervalSince1970).rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = secondOfDay < 0 ? days - 1 : days
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, dayOfMonth) = Self.civil(fromDays: day)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 22) { out in
            var at = 0
            func put(_ byte: UInt8) { out[at] = byte; at += 1 }
            func two(_ n: Int) { put(UInt8(48 + n / 10)); put(UInt8(48 + n % 10)) }
            put(UInt8(ascii: "\""))
            two(year / 100); two(year % 100)
            put(UInt8(ascii: "-")); two(month)
            put(UInt8(ascii: "-")); two(dayOfMonth)
            put(UInt8(ascii: "T")); two(second / 3600)
            put(UInt8(ascii: ":")); two(second % 3600 / 60)
            put(UInt8(ascii: ":")); two(second % 60)
            put(UInt8(ascii: "Z")); put(UInt8(ascii: "\""))
            return at
        }
    }

    /// Bytes some other encoder wrote, as one value.
    mutating func raw(_ json: Data) {
        buffer.writeBytes(json)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension JSONBytes {
    mutating func member(_ name: StaticString, _ value: String) { key(name); string(value) }
    mutating func member(_ name: StaticString, _ value: Int) { key(name); int(value) }
    mutating func member(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    mutating func member(_ name: StaticString, _ value: UUID) { key(name); uuid(value) }
    mutating func member(_ name: StaticString, _ value: Date) { key(name); date(value) }

    /// A member left out when nil, as synthesized `Encodable` leaves it.
    mutating func member(_ name: StaticString, ifPresent value: String?) { if let value { member(name, value) } }
    mutating func member(_ name: StaticString, ifPresent value: Int?) { if let value { member(name, value) } }
    mutating func member(_ name: StaticString, ifPresent value: Bool?) { if let value { member(name, value) } }
    mutating func member(_ name: StaticString, ifPresent value: Date?) { if let value { member(name, value) } }
}
