import Foundation

/// A statement with its values written into it as constants, for PostgreSQL to plan for those
/// values: the reads whose best plan depends on them (a search's word, its price range), on the
/// connections that plan every bound statement once for all values (`DatabaseSetup.searchReads`).
/// PostgreSQL plans a statement without parameters for its constants whatever `plan_cache_mode`
/// says, as it did such a statement sent unnamed with its values bound.
///
/// Only the types the search binds are written; any other is refused rather than guessed at.
enum PostgresInlinedStatement {
    enum Failure: Error, CustomStringConvertible {
        case unsupportedValue(String)
        case missingValue(Int)

        var description: String {
            switch self {
            case .unsupportedValue(let type): "A value of type \(type) cannot be written into a statement."
            case .missingValue(let index): "The statement names $\(index), which has no value."
            }
        }
    }

    /// `sql` with each `$n` replaced by `values[n - 1]` as a constant. SQLKit writes `$n` only for
    /// its binds, and the constants written are not read again, so a `$` inside a value stays.
    static func sql(_ sql: String, values: [any Encodable & Sendable]) throws -> String {
        let constants = try values.map(constant)
        var out = ""
        out.reserveCapacity(sql.utf8.count + constants.reduce(0) { $0 + $1.utf8.count })
        var rest = Substring(sql)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let digits = rest[rest.index(after: dollar)...].prefix { $0.isASCII && $0.isNumber }
            guard let index = Int(digits) else {
                out += "$"
                rest = rest[rest.index(after: dollar)...]
                continue
            }
            guard index >= 1, index <= constants.count else { throw Failure.missingValue(index) }
            out += constants[index - 1]
            rest = rest[digits.endIndex...]
        }
        out += rest
        return out
    }

    /// One value as a constant of its own type, so that it means what the bound value meant.
    static func constant(_ value: Any) throws -> String {
        switch value {
        case let optional as any InlinedOptional: return try optional.wrapped.map(constant) ?? "NULL"
        case let string as String: return "(\(quoted(string))::text)"
        case let bool as Bool: return bool ? "TRUE" : "FALSE"
        // Quoted, so that the lowest value is one constant, not the negation of one too large.
        case let int as Int: return "('\(int)'::int8)"
        case let int as Int64: return "('\(int)'::int8)"
        case let int as Int32: return "('\(int)'::int4)"
        case let double as Double where double.isFinite: return "('\(double)'::float8)"
        case let uuid as UUID: return "('\(uuid.uuidString)'::uuid)"
        case let date as Date: return "('\(timestamp(date))'::timestamptz)"
        case let strings as [String]: return "(ARRAY[\(strings.map(quoted).joined(separator: ","))]::text[])"
        case let bools as [Bool]: return "('{\(bools.map { $0 ? "t" : "f" }.joined(separator: ","))}'::bool[])"
        default: throw Failure.unsupportedValue(String(describing: type(of: value)))
        }
    }

    /// A string constant whatever `standard_conforming_strings` says: an escape string, its
    /// backslashes and quotes doubled.
    private static func quoted(_ string: String) -> String {
        "E'" + escaped(string) + "'"
    }

    /// `text` with its backslashes and single quotes doubled, for a quoted constant. Most text
    /// has neither, and is returned as it is: the replacements bridge through `NSString` (4% of a
    /// filtered search's server time at 1M listings).
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "'") }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''")
    }

    /// A time in UTC to the microsecond, as PostgreSQL keeps it.
    private static func timestamp(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        var seconds = time_t(micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000)
        let fraction = micros - Int64(seconds) * 1_000_000
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04ld-%02ld-%02ld %02ld:%02ld:%02ld.%06lld+00", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), fraction)
    }
}

/// An optional bind, unwrapped (nil is NULL).
private protocol InlinedOptional {
    var wrapped: Any? { get }
}

extension Optional: InlinedOptional {
    var wrapped: Any? { self.map { $0 as Any } }
}
