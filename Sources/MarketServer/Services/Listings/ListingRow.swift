import Foundation
import MarketCore
import SQLKit

/// A listing as read for display, with its seller's name. The feed reads these straight from
/// SQL rows: decoding Fluent models enumerates their properties by reflection on every row,
/// which profiling showed was a third of a search request's CPU.
struct ListingRow: Sendable {
    var seq: Int64
    var id: UUID
    var sellerID: UUID
    var sellerName: String?
    var title: String
    var description: String
    var categoryMask: Int64
    var condition: String
    var salePriceCents: Int64?
    var rentPriceCents: Int64?
    var rentUnit: String?
    var openToTrade: Bool
    var sortPriceCents: Int64?
    var currency: String
    var author: String?
    var edition: String?
    var isbn: String?
    var courseCode: String?
    var campus: String?
    var status: String
    var featuredUntil: Date?
    var createdAt: Date
    var updatedAt: Date
    var depositCents: Int64?
    /// Raised by every edit of its fields: what an edit's `If-Match` names.
    var version: Int64
    /// `ListingLanguage`'s code.
    var language: String
    /// Shown only to verified students of its campus (its seller's privacy choice).
    var campusOnly: Bool
    /// Its photos, when the statement read them with it (`PhotoList`); nil: not read.
    var photos: [ListingPhoto]?

    /// The listing columns `init(row:)` reads (besides `seller_name`), in the order it reads them.
    static let columns = [
        "seq", "id", "seller_id", "title", "description", "category_mask", "condition", "sale_price_cents",
        "rent_price_cents", "rent_unit", "open_to_trade", "sort_price_cents", "currency", "author", "edition",
        "isbn", "course_code", "campus", "status", "featured_until", "created_at", "updated_at", "deposit_cents",
        "campus_only", "version", "language",
    ]

    /// For `SELECT`: the columns of listing `l` (the seller's name is joined by the caller).
    static let selectList = columns.map { "l.\($0)" }.joined(separator: ", ")

    var listingStatus: ListingStatus { get throws { try StoredValue.decode(status, column: "listings.status") } }

    init(row: any SQLRow) throws {
        // Each concrete type, so the reads below are specialized for it (through the protocol
        // existential they cost a fifth more of the feed's CPU).
        if let direct = row as? DirectSQLiteRow {
            try self.init(typed: direct, at: ColumnPositions(Self.columnsRead, in: direct))
        } else if let postgres = row as? PostgresTypedRow {
            try self.init(typed: postgres, at: ColumnPositions(Self.columnsRead, in: postgres))
        } else {
            try self.init(decoding: row)
        }
    }

    /// The rows of the feed's page statement: each listing with its photos (`photo_list`,
    /// `PhotoList`) and its segment (`segment_index`). The columns are found once for the result,
    /// not once for every row.
    static func pageRows(_ rows: [any SQLRow]) throws -> [(listing: ListingRow, segment: Int)] {
        if rows.first is DirectSQLiteRow { return try typedPageRows(rows, as: DirectSQLiteRow.self) }
        if rows.first is PostgresTypedRow { return try typedPageRows(rows, as: PostgresTypedRow.self) }
        return try rows.map { row in
            var listing = try ListingRow(row: row)
            listing.photos = try PhotoList.photos(row.decode(column: "photo_list", as: String?.self))
            return (listing, try row.decode(column: "segment_index", as: Int.self))
        }
    }

    private static func typedPageRows<Row: TypedSQLRow>(_ rows: [any SQLRow], as: Row.Type) throws -> [(listing: ListingRow, segment: Int)] {
        let typed = rows.map { $0 as! Row }  // one result's rows are all of one driver's type
        let positions = try ColumnPositions(columnsRead + ["photo_list", "segment_index"], in: typed[0])
        return try typed.map { row in
            var reader = OrderedColumnReader(row, positions)
            var listing = try ListingRow(reading: &reader)
            listing.photos = try PhotoList.photos(reader.stringOrNil())
            return (listing, Int(try reader.int64()))
        }
    }

    /// `columns` and the seller's name: what `init(reading:)` reads, in its order.
    private static let columnsRead = columns + ["seller_name"]

    private init<Row: TypedSQLRow>(typed row: Row, at positions: ColumnPositions) throws {
        var reader = OrderedColumnReader(row, positions)
        try self.init(reading: &reader)
    }

    /// From any driver's row, through its decoder.
    private init(decoding row: any SQLRow) throws {
        seq = try row.decode(column: "seq", as: Int64.self)
        id = try row.decode(column: "id", as: UUID.self)
        sellerID = try row.decode(column: "seller_id", as: UUID.self)
        title = try row.decode(column: "title", as: String.self)
        description = try row.decode(column: "description", as: String.self)
        categoryMask = try row.decode(column: "category_mask", as: Int64.self)
        condition = try row.decode(column: "condition", as: String.self)
        salePriceCents = try row.decode(column: "sale_price_cents", as: Int64?.self)
        rentPriceCents = try row.decode(column: "rent_price_cents", as: Int64?.self)
        rentUnit = try row.decode(column: "rent_unit", as: String?.self)
        openToTrade = try row.decode(column: "open_to_trade", as: Bool.self)
        sortPriceCents = try row.decode(column: "sort_price_cents", as: Int64?.self)
        currency = try row.decode(column: "currency", as: String.self)
        author = try row.decode(column: "author", as: String?.self)
        edition = try row.decode(column: "edition", as: String?.self)
        isbn = try row.decode(column: "isbn", as: String?.self)
        courseCode = try row.decode(column: "course_code", as: String?.self)
        campus = try row.decode(column: "campus", as: String?.self)
        status = try row.decode(column: "status", as: String.self)
        featuredUntil = try row.decode(column: "featured_until", as: Date?.self)
        createdAt = try row.decode(column: "created_at", as: Date.self)
        updatedAt = try row.decode(column: "updated_at", as: Date.self)
        depositCents = try row.decode(column: "deposit_cents", as: Int64?.self)
        campusOnly = try row.decode(column: "campus_only", as: Bool.self)
        version = try row.decode(column: "version", as: Int64.self)
        language = try row.decode(column: "language", as: String.self)
        sellerName = try row.decode(column: "seller_name", as: String?.self)
    }

    /// From a row read by type (`TypedSQLRow`), in the order of `columnsRead`.
    private init<Row: TypedSQLRow>(reading row: inout OrderedColumnReader<Row>) throws {
        seq = try row.int64()
        id = try row.uuid()
        sellerID = try row.uuid()
        title = try row.string()
        description = try row.string()
        categoryMask = try row.int64()
        condition = try row.string()
        salePriceCents = try row.int64OrNil()
        rentPriceCents = try row.int64OrNil()
        rentUnit = try row.stringOrNil()
        openToTrade = try row.bool()
        sortPriceCents = try row.int64OrNil()
        currency = try row.string()
        author = try row.stringOrNil()
        edition = try row.stringOrNil()
        isbn = try row.stringOrNil()
        courseCode = try row.stringOrNil()
        campus = try row.stringOrNil()
        status = try row.string()
        featuredUntil = try row.dateOrNil()
        createdAt = try row.date()
        updatedAt = try row.date()
        depositCents = try row.int64OrNil()
        campusOnly = try row.bool()
        version = try row.int64()
        language = try row.string()
        sellerName = try row.stringOrNil()
    }

    init(_ listing: ListingRecord, sellerName: String?) throws {
        seq = listing.seq ?? 0
        id = try listing.requireID()
        sellerID = listing.$seller.id
        self.sellerName = sellerName
        title = listing.title
        description = listing.description
        categoryMask = listing.categoryMask
        condition = listing.condition
        salePriceCents = listing.salePriceCents
        rentPriceCents = listing.rentPriceCents
        rentUnit = listing.rentUnit
        openToTrade = listing.openToTrade
        sortPriceCents = listing.sortPriceCents
        currency = listing.currency
        author = listing.author
        edition = listing.edition
        isbn = listing.isbn
        courseCode = listing.courseCode
        campus = listing.campus
        status = listing.status
        featuredUntil = listing.featuredUntil
        createdAt = listing.createdAt
        updatedAt = listing.updatedAt
        depositCents = listing.depositCents
        campusOnly = listing.campusOnly
        version = listing.version
        language = listing.language
    }

    func isFeatured(at now: Date) -> Bool { featuredUntil.map { $0 > now } ?? false }

    var textbook: TextbookDetails? {
        if author == nil, edition == nil, isbn == nil, courseCode == nil { return nil }
        return TextbookDetails(author: author, edition: edition, isbn: isbn, courseCode: courseCode)
    }
}
