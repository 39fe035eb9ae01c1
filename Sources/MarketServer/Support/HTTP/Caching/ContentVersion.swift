import Crypto
import Foundation
import SQLKit
import Vapor

/// How far what the feed, search and listing pages show has moved: the sum of
/// `content_versions` (raised by triggers on every write to what they show, see
/// `CreateContentVersions`) and the next time a featured period ends (the feed's featured
/// listings change then with no write). Read before the page, never after: a write that lands
/// in between then makes the next request's version differ, and the page is sent again.
/// `ConditionalGet` may tag a page with one kept a while (`Application.contentVersions`).
struct ContentVersion: Equatable, Sendable {
    var writes: Int64
    var nextFeatureEnd: Date?

    static func current(on sql: any SQLDatabase, now: Date) async throws -> ContentVersion {
        let row = try await sql.prepared("""
            SELECT (SELECT CAST(sum(version) AS BIGINT) FROM content_versions) AS writes,
                   (SELECT min(featured_until) FROM listings WHERE featured_until > \(bind: now)) AS next_feature_end
            """).first()
        return ContentVersion(writes: try row?.decode(column: "writes", as: Int64?.self) ?? 0,
                              nextFeatureEnd: try row?.decode(column: "next_feature_end", as: Date?.self))
    }

    /// A weak entity tag for one representation: this version, what was asked (path and query),
    /// by whom, and what renders it (`renderer`: the templates and the minute, for HTML). Weak,
    /// since two instances may differ in bytes that do not matter.
    func entityTag(for request: Request, viewer: UUID?, renderer: String) -> String {
        var hash = SHA256()
        let parts = [String(writes), nextFeatureEnd.map { String($0.timeIntervalSince1970) } ?? "-", request.path, request.url.query ?? "",
                     viewer?.uuidString ?? "-", renderer]
        for part in parts { hash.update(data: Data((part + "\n").utf8)) }
        return "W/\"" + hash.finalize().prefix(12).hexString + "\""
    }
}

/// Whether an `If-None-Match` header names `tag` (RFC 9110 §13.1.2: weak comparison, a list).
/// `*` names no tag: it asks whether the resource exists at all (`ifNoneMatchAny`).
func ifNoneMatch(_ header: String, matches tag: String) -> Bool {
    let opaque = { (tag: Substring) in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
    let wanted = opaque(Substring(tag))
    return header.split(separator: ",").contains { opaque(Substring($0.trimmingCharacters(in: .whitespaces))) == wanted }
}

/// Whether an `If-None-Match` header is `*`: true of any current representation, so only the
/// answer itself can say (a listing that does not exist is still 404).
func ifNoneMatchAny(_ header: String) -> Bool {
    header.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "*" }
}

extension Application {
    private struct ContentVersionsKey: StorageKey { typealias Value = KeptValue<ContentVersion> }

    /// The content version this instance read last, kept for a second to tag pages asked without
    /// a tag to compare (`ConditionalGet`); set by `configure`.
    var contentVersions: KeptValue<ContentVersion>? {
        get { storage[ContentVersionsKey.self] }
        set { storage[ContentVersionsKey.self] = newValue }
    }
}
