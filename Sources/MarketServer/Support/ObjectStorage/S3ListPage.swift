import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A ListObjectsV2 answer, read for the only fields used. The keys this store writes are hex
/// names, so a plain scan of the XML suffices (no entity in them to decode).
struct S3ListPage {
    var objects: [(key: String, lastModified: Date)] = []
    var nextToken: String?

    init(xml: String) {
        for block in xml.components(separatedBy: "<Contents>").dropFirst() {
            guard let key = Self.value(of: "Key", in: block), let modified = Self.value(of: "LastModified", in: block),
                  let date = Self.date(modified) else { continue }
            objects.append((key, date))
        }
        if Self.value(of: "IsTruncated", in: xml) == "true" { nextToken = Self.value(of: "NextContinuationToken", in: xml) }
    }

    static func value(of element: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(element)>"), let end = xml.range(of: "</\(element)>", range: start.upperBound..<xml.endIndex) else { return nil }
        return String(xml[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
    }

    /// `2026-11-26T07:40:00.000Z`, with or without the fraction.
    static func date(_ text: String) -> Date? {
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }
}
