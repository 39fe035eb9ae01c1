import Fluent
import Foundation
import MarketCore
import SQLKit

/// Turns listing rows into API listings, loading the photos of a whole page in one query.
struct ListingPresenter {
    let database: any Database
    let trust: TrustPolicy
    let now: Date

    /// A page of the feed: sellers carry `id` and `name` only. Photos not read with the rows are
    /// read for the whole page in one statement.
    func present(_ rows: [ListingRow]) async throws -> [MarketCore.Listing] {
        let photos = try await photos(of: rows.filter { $0.photos == nil }.map(\.id))
        return try rows.map { row in
            try present(row, seller: SellerSummary(id: row.sellerID, name: row.sellerName ?? AccountRules.deletedUserName),
                        photos: row.photos ?? photos[row.id] ?? [])
        }
    }

    /// One listing with its seller's public profile; the contact only for signed-in viewers.
    /// Given the viewer, it also says how many saved it (to its seller) or whether they did.
    func presentDetail(_ listing: ListingRecord, viewerSignedIn: Bool, viewerID: UUID? = nil) async throws -> MarketCore.Listing {
        try await presentDetail(ListingRow(listing, sellerName: nil), viewerSignedIn: viewerSignedIn, viewerID: viewerID)
    }

    func presentDetail(_ row: ListingRow, viewerSignedIn: Bool, viewerID: UUID? = nil) async throws -> MarketCore.Listing {
        let sellerID = row.sellerID
        let seller = try await SellerProfiles(database: database, trust: trust).profile(of: sellerID, viewerSignedIn: viewerSignedIn, viewerID: viewerID)
            ?? SellerSummary(id: sellerID, name: AccountRules.deletedUserName)
        var presented = try present(row, seller: seller, photos: try await photos(of: [row.id])[row.id] ?? [])
        if let viewerID {
            if viewerID == sellerID {
                let count = try await database.sql.raw("SELECT COUNT(*) AS n FROM favorites WHERE listing_id = \(bind: row.id)").first()
                presented.savedCount = try count?.decode(column: "n", as: Int.self) ?? 0
            } else {
                presented.isSaved = try await database.sql.raw("""
                    SELECT 1 AS saved FROM favorites WHERE listing_id = \(bind: row.id) AND user_id = \(bind: viewerID)
                    """).first() != nil
            }
        }
        return presented
    }

    private func photos(of listingIDs: [UUID]) async throws -> [UUID: [ListingPhoto]] {
        guard !listingIDs.isEmpty else { return [:] }
        let rows = try await database.sql.prepared("""
            SELECT p.id, p.listing_id, p.file_name, p.content_type, f.width, f.height, f.colour, f.variant_widths
            FROM listing_photos p LEFT JOIN photo_files f ON f.file_name = p.file_name
            WHERE p.listing_id IN (\(binds: listingIDs)) ORDER BY p.listing_id, p.position
            """).all()
        var byListing: [UUID: [ListingPhoto]] = [:]
        for row in rows {
            let file = try PhotoFile(row: row)
            let photo = ListingPhoto(id: try row.decode(column: "id", as: UUID.self),
                                     fileName: try row.decode(column: "file_name", as: String.self),
                                     contentType: try row.decode(column: "content_type", as: String.self), file: file)
            byListing[try row.decode(column: "listing_id", as: UUID.self), default: []].append(photo)
        }
        return byListing
    }

    private func present(_ row: ListingRow, seller: SellerSummary, photos: [ListingPhoto]) throws -> MarketCore.Listing {
        let featured = row.isFeatured(at: now)
        return MarketCore.Listing(
            id: row.id,
            title: row.title,
            description: row.description,
            categories: ListingCategory.from(mask: row.categoryMask),
            condition: try StoredValue.decode(row.condition, column: "listings.condition"),
            salePriceCents: row.salePriceCents.map(Int.init),
            rentPriceCents: row.rentPriceCents.map(Int.init),
            rentUnit: try row.rentUnit.map { try StoredValue.decode($0, column: "listings.rent_unit") },
            openToTrade: row.openToTrade,
            currency: row.currency,
            textbook: row.textbook,
            status: try StoredValue.decode(row.status, column: "listings.status"),
            seller: seller,
            campus: row.campus,
            isFeatured: featured,
            featuredUntil: featured ? row.featuredUntil : nil,
            photos: photos,
            createdAt: row.createdAt,
            updatedAt: row.updatedAt,
            timeZone: trust.campuses.timeZone(ofCampus: row.campus).identifier,
            depositCents: row.depositCents.map(Int.init),
            version: Int(row.version),
            language: row.language)
    }
}
