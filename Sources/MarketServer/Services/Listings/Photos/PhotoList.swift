import Foundation
import MarketCore
import SQLKit

/// A listing's photos as one column of the row that reads it: the feed's page statement carries
/// each listing's photos, in order, instead of a second statement for the page's photos (on
/// PostgreSQL a round trip of three per page: the feed's CPU went 0.77 → 0.68 ms without it).
///
/// The column is the photos' id, file name, content type, and what `photo_files` records (width,
/// height, colour, the copies' widths as "320,640"; 0 and "-" when nothing is), each photo's
/// seven after the one before, separated by spaces: none of them holds a space (ids are UUIDs,
/// files are named by their digest and type, `PhotoStore`, types are `image/…`, colours `#…`).
enum PhotoList {
    /// The SQL of the column for listing `listing` (an expression naming its id).
    static func column(listing: String, in syntax: SQLTextSyntax) -> SQLQueryString {
        """
            (SELECT \(unsafeRaw: syntax.joined)(\(unsafeRaw: syntax.text("p.id")) || ' ' || p.file_name || ' ' || p.content_type
               || ' ' || \(unsafeRaw: syntax.text("COALESCE(f.width, 0)")) || ' ' || \(unsafeRaw: syntax.text("COALESCE(f.height, 0)"))
               || ' ' || COALESCE(NULLIF(f.colour, ''), '-') || ' ' || COALESCE(NULLIF(f.variant_widths, ''), '-'), ' ' ORDER BY p.position)
             FROM listing_photos p LEFT JOIN photo_files f ON f.file_name = p.file_name WHERE p.listing_id = \(unsafeRaw: listing))
            """
    }

    /// The photos a column holds (nil and empty: none).
    static func photos(_ column: String?) throws -> [ListingPhoto] {
        guard let column, !column.isEmpty else { return [] }
        let parts = column.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count % 7 == 0 else { throw PhotoListError.malformed(column) }
        return try stride(from: 0, to: parts.count, by: 7).map { at in
            guard let id = UUID(hyphenated: String(parts[at])), let width = Int(parts[at + 3]), let height = Int(parts[at + 4]) else {
                throw PhotoListError.malformed(column)
            }
            let colour = parts[at + 5] == "-" ? "" : String(parts[at + 5])
            let widths = parts[at + 6] == "-" ? [] : PhotoFile.widths(String(parts[at + 6]))
            let file = width > 0 ? PhotoFile(width: width, height: height, colour: colour, variantWidths: widths) : nil
            return ListingPhoto(id: id, fileName: String(parts[at + 1]), contentType: String(parts[at + 2]), file: file)
        }
    }
}

enum PhotoListError: Error, CustomStringConvertible {
    case malformed(String)

    var description: String {
        switch self {
        case .malformed(let column): "A listing's photo column is not groups of id, file, type, width, height, colour and widths: \(column)"
        }
    }
}
