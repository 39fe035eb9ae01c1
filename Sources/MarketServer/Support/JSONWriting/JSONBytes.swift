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
    /// Whether the object or array being written has a member yet (a comma before the next).
    private var hasMember: [Bool] = []

    init(capacity: Int = 4096) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    // MARK: Structure

    mutating func object(_ body: (inout JSONBytes) throws -> Void) rethrows {
        buffer.writeInteger(UInt8(ascii: "{"))
        hasMember.append(false)
        try body(&self)
        hasMember.removeLast()
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    mutating func array<S: Sequence>(_ items: S, _ write: (inout JSONBytes, S.Element) throws -> Void) rethrows {
        buffer.writeInteger(UInt8(ascii: "["))
        hasMember.append(false)
        for item in items {
            separate()
            try write(&self, item)
        }
        hasMember.removeLast()
        buffer.writeInteger(UInt8(ascii: "]"))
    }

    /// Starts the member `name` of the object being written; its value is written next.
    mutating func key(_ name: StaticString) {
        separate()
        buffer.writeInteger(UInt8(ascii: "\""))
        buffer.writeStaticString(name)
        buffer.writeStaticString("\":")
    }

    private mutating func separate() {
        guard let last = hasMember.indices.last else { return }
        if hasMember[last] { buffer.writeInteger(UInt8(ascii: ",")) }
        hasMember[last] = true
    }

    // MARK: Values

    mutating func string(_ value: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var plainFrom = value.utf8.startIndex
        let utf8 = value.utf8
        var index = plainFrom
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                buffer.writeBytes(utf8[plainFrom..<index])
                escape(byte)
                plainFrom = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        buffer.writeBytes(utf8[plainFrom..<utf8.endIndex])
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
        buffer.writeString(String(value))
    }

    mutating func bool(_ value: Bool) {
        buffer.writeStaticString(value ? "true" : "false")
    }

    mutating func null() {
        buffer.writeStaticString("null")
    }

    /// An id as the wire has it: lower case (`UUID.wireString`), written from its bytes.
    mutating func uuid(_ value: UUID) {
        let hex = Self.hexDigits
        var text = [UInt8]()
        text.reserveCapacity(38)
        text.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: value.uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
                text.append(hex[Int(byte >> 4)])
                text.append(hex[Int(byte & 0xF)])
            }
        }
        text.append(UInt8(ascii: "\""))
        buffer.writeBytes(text)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A time as `.iso8601` writes it: UTC, whole seconds (`2026-11-26T12:43:31Z`).
    mutating func date(_ value: Date) {
        let seconds = Int((value.timeIntervalSince1970).rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = secondOfDay < 0 ? days - 1 : days
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, dayOfMonth) = Self.civil(fromDays: day)
        var text = [UInt8]()
        text.reserveCapacity(22)
        func two(_ n: Int) { text.append(UInt8(48 + n / 10)); text.append(UInt8(48 + n % 10)) }
        text.append(UInt8(ascii: "\""))
        two(year / 100); two(year % 100)
        text.append(UInt8(ascii: "-")); two(month)
        text.append(UInt8(ascii: "-")); two(dayOfMonth)
        text.append(UInt8(ascii: "T")); two(second / 3600)
        text.append(UInt8(ascii: ":")); two(second % 3600 / 60)
        text.append(UInt8(ascii: ":")); two(second % 60)
        text.append(UInt8(ascii: "Z")); text.append(UInt8(ascii: "\""))
        buffer.writeBytes(text)
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
