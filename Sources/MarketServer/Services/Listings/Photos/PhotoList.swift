import Foundation
import MarketCore
import SQLKit

/// A listing's photos as one column of the row that reads it: the feed's page statement carries
/// each listing's photos, in order, instead of a second statement for the page's photos (on
/// PostgreSQL a round trip of three per page: the feed's CPU went 0.77 → 0.68 ms without it).
///
/// The column is the photos' id, file name and content type, each photo's three after the one
/// before, separated by spaces: none of them holds a space (ids are UUIDs, files are named by
/// their digest and type, `PhotoStore`, and types are `image/…`).
enum PhotoList {
    /// The SQL of the column for listing `listing` (an expression naming its id).
    static func column(listing: String, isPostgres: Bool) -> SQLQueryString {
        let id = isPostgres ? "CAST(p.id AS TEXT)" : "p.id"
        let aggregate = isPostgres ? "string_agg" : "group_concat"
        return """
            (SELECT \(unsafeRaw: aggregate)(\(unsafeRaw: id) || ' ' || p.file_name || ' ' || p.content_type, ' ' ORDER BY p.position)
             FROM listing_photos p WHERE p.listing_id = \(unsafeRaw: listing))
            """
    }

    /// The photos a column holds (nil and empty: none).
    static func photos(_ column: String?) throws -> [ListingPhoto] {
        guard let column, !column.isEmpty else { return [] }
        let parts = column.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count % 3 == 0 else { throw PhotoListError.malformed(column) }
        return try stride(from: 0, to: parts.count, by: 3).map { at in
            guard let id = UUID(hyphenated: String(parts[at])) else { throw PhotoListError.malformed(column) }
            return ListingPhoto(id: id, fileName: String(parts[at + 1]), contentType: String(parts[at + 2]))
        }
    }
}

enum PhotoListError: Error, CustomStringConvertible {
    case malformed(String)

    var description: String {
        switch self {
        case .malformed(let column): "A listing's photo column is not id, file and type triples: \(column)"
        }
    }
}
