import Vapor

/// A write's `If-Match`: the version of the thing it was made from (RFC 9110 §13.1.1), for
/// writes that must not undo a change they never saw (a listing's edit). Versions are sent as
/// strong entity tags, `"7"`; `*` asks only that the thing exists.
enum IfMatch {
    /// The version the request requires: nil when it requires none (no header, or `*`); a tag
    /// that names no version (a weak one, or not a number) requires one nothing has, so the
    /// write is refused as if the thing had changed.
    static func version(of request: Request) -> Int64? {
        guard let header = request.headers.first(name: .ifMatch)?.trimmingCharacters(in: .whitespaces), !header.isEmpty,
              header != "*" else { return nil }
        guard header.count >= 3, header.hasPrefix("\""), header.hasSuffix("\""),
              let version = Int64(header.dropFirst().dropLast()), version > 0 else { return nonexistent }
        return version
    }

    /// No listing has it: versions start at 1.
    static let nonexistent: Int64 = 0
}
