import Foundation
import MarketCore
import Vapor
@testable import MarketServer
import SQLKit
import Testing

/// Rows read by type and by position (`TypedSQLRow`, `ColumnPositions`): what the feed reads its
/// listings with, on both databases' fast paths.
@Suite("Rows read by position")
struct TypedRowTests {
    /// The database whose rows are typed: SQLite's reading connections, PostgreSQL's statements.
    private func typedRows(_ app: Application, _ query: SQLQueryString) async throws -> [any SQLRow] {
        if let readers = app.sqliteReaders { return try await readers.database(context: app.db.context).sql.raw(query).all() }
        return try await app.db.prepared(query).all()
    }

    @Test("each column is found wherever a statement puts it, for every row of the result")
    func columnsInAnyOrder() async throws {
        try await withTestApp { app in
            let first = try await app.deal(), second = try await app.deal()
            let shuffled = (ListingRow.columns + ["seller_name"]).reversed().map { $0 == "seller_name" ? "u.name AS seller_name" : "l.\($0)" }
            let rows = try await typedRows(app, """
                SELECT l.seq * 10 AS segment_index, NULL AS photo_list, \(unsafeRaw: shuffled.joined(separator: ", "))
                FROM listings l JOIN users u ON u.id = l.seller_id
                WHERE l.id IN (\(bind: first.listing.id), \(bind: second.listing.id)) ORDER BY l.seq
                """)
            #expect(rows.allSatisfy { $0 is any TypedSQLRow })
            let read = try ListingRow.pageRows(rows)
            #expect(read.map(\.listing.id) == [first.listing.id, second.listing.id])
            #expect(read.map(\.listing.title) == [first.listing.title, second.listing.title])
            #expect(read.map(\.segment) == read.map { Int($0.listing.seq) * 10 })
            #expect(read.map(\.listing.photos) == [[], []])
            #expect(read.map(\.listing.sellerName) == [first.seller.user.name, second.seller.user.name])
            #expect(read.map(\.listing.salePriceCents) == [first.listing.salePriceCents, second.listing.salePriceCents].map { $0.map(Int64.init) })
        }
    }

    @Test("a photo column reads as its photos in order, with their sizes and copies when recorded; one that is not groups of seven is an error")
    func photoList() throws {
        let (a, b) = (UUID(), UUID())
        let digest = String(repeating: "ab", count: 32)
        #expect(try PhotoList.photos(nil) == [])
        #expect(try PhotoList.photos("") == [])
        let read = try PhotoList.photos("\(a.uuidString) \(digest).png image/png 0 0 - - \(b.uuidString.lowercased()) \(digest).jpg image/jpeg 4032 3024 #a08060 320,640")
        #expect(read == [ListingPhoto(id: a, fileName: "\(digest).png", contentType: "image/png", file: nil),
                         ListingPhoto(id: b, fileName: "\(digest).jpg", contentType: "image/jpeg",
                                      file: PhotoFile(width: 4032, height: 3024, colour: "#a08060", variantWidths: [320, 640]))])
        #expect(read[1].variants == [PhotoVariant(width: 320, height: 240, url: "/photos/\(digest)-320.jpg"),
                                     PhotoVariant(width: 640, height: 480, url: "/photos/\(digest)-640.jpg")])
        #expect(read[1].placeholderColor == "#a08060" && read[0].width == nil && read[0].variants.isEmpty)
        for bad in ["\(a.uuidString) ab12.png image/png", "not-an-id ab12.png image/png 0 0 - -", "\(a.uuidString)  ab12.png image/png 0 0 - -",
                    "\(a.uuidString) ab12.png image/png wide 0 - -"] {
            #expect(throws: PhotoListError.self) { try PhotoList.photos(bad) }
        }
    }

    @Test("a NULL where a value is required, and a column the statement lacks, are each named")
    func namedFailures() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let others = ListingRow.columns.filter { $0 != "title" }.map { "l.\($0)" }.joined(separator: ", ")
            let nullTitle = try await typedRows(app, """
                SELECT \(unsafeRaw: others), CAST(NULL AS TEXT) AS title, 'x' AS seller_name, 1 AS segment_index, '' AS photo_list
                FROM listings l WHERE l.id = \(bind: deal.listing.id)
                """)
            #expect(throws: TypedSQLRowError.null("title")) { try ListingRow.pageRows(nullTitle) }
            #expect(throws: TypedSQLRowError.null("title")) { try ListingRow(row: nullTitle[0]) }
            let noSegment = try await typedRows(app, "SELECT \(unsafeRaw: ListingRow.selectList), 'x' AS seller_name, '' AS photo_list FROM listings l")
            #expect(throws: TypedSQLRowError.noColumn("segment_index")) { try ListingRow.pageRows(noSegment) }
        }
    }
}
