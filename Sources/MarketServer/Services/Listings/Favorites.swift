import Fluent
import Foundation
import MarketCore
import SQLKit

/// Listings students saved: saving and unsaving, the list of one's saved listings, and how many
/// saved a listing (told to its seller, never who).
struct Favorites {
    let database: any Database
    let writes: WriteTransactions
    let listings: ListingService
    let presenter: ListingPresenter
    let now: Date

    /// Saves a listing the student can see and does not sell. Saving again changes nothing.
    ///
    /// Three statements when new: the listing with its seller's name, the save, its photos. It
    /// was nine (the listing, a check, the save, then the saved list's page of one read back),
    /// and under load each waits its turn for a connection: at 2,500 students on PostgreSQL a
    /// save's p99 was 618–1,119 ms where a message's, four statements, was 241–405.
    func save(_ listingID: UUID, by user: UserRecord) async throws -> Favorite {
        let userID = try user.requireID()
        let listing = try await listings.visibleRow(listingID, to: user)
        guard listing.sellerID != userID else { throw APIError.ownListing("save") }
        // Saved twice at once: the unique index keeps one row, and the other saves nothing.
        let saved = try await database.sql.raw("""
            \(FavoriteRecord.insertHead) VALUES (\(bind: UUID()), \(bind: userID), \(bind: listingID), \(bind: listing.title), \(bind: now))
            ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING created_at
            """).first()?.decode(column: "created_at", as: Date.self)
        var savedAt = saved ?? now
        if saved == nil {  // saved before: when it was
            savedAt = try await FavoriteRecord.query(on: database).filter(\.$userID == userID)
                .filter(\.$listingID == listingID).first()?.createdAt ?? now
        }
        // Sold or gone: the fact, not the listing (as `page` shows it).
        let availability = Self.availability(of: listing.status)
        let shown = Self.isOnMarket(availability) ? try await presenter.present([listing]).first : nil
        return Favorite(listingId: listingID, title: shown?.title ?? listing.title, availability: availability, listing: shown, savedAt: savedAt)
    }

    /// Unsaves; the account's other devices learn it from `GET /me/changes` (`Removals`).
    func remove(_ listingID: UUID, by userID: UUID) async throws {
        try await writes.run { [now] tx in
            let gone = try await tx.sql.raw("""
                DELETE FROM favorites WHERE user_id = \(bind: userID) AND listing_id = \(bind: listingID) RETURNING seq
                """).all()
            if !gone.isEmpty { try await Removals.record(.favorite, listingID, for: [userID], at: now, on: tx.sql) }
        }
    }

    /// One page of the student's saved listings, newest first; those that left the market say so.
    func page(for user: UserRecord, limit: Int, after cursor: PageCursor?) async throws -> FavoritePage {
        let query = FavoriteRecord.query(on: database).filter(\.$userID == (try user.requireID()))
        let (rows, next) = try await query.newestFirst(limit: limit, after: cursor)
        let records = try await ListingRecord.query(on: database).filter(\.$id ~~ rows.compactMap(\.listingID)).all()
        var availability: [UUID: FavoriteAvailability] = [:]
        var onMarket: [ListingRecord] = []
        for record in records {
            let state = Self.availability(of: record.status)
            // Sold or gone: the fact, not the listing; one the student may no longer see is gone to them.
            if Self.isOnMarket(state), try await !ListingVisibility.canSee(record, viewer: user, trust: listings.trust, on: database) {
                availability[try record.requireID()] = .gone
                continue
            }
            availability[try record.requireID()] = state
            if Self.isOnMarket(state) { onMarket.append(record) }
        }
        // Presented as the feed presents a page: photos and sellers' names in one query each.
        let sellers = try await UserRecord.query(on: database).filter(\.$id ~~ Set(onMarket.map(\.$seller.id))).all()
        let names = Dictionary(uniqueKeysWithValues: try sellers.map { (try $0.requireID(), $0.publicName) })
        let presented = try await presenter.present(try onMarket.map { try ListingRow($0, sellerName: names[$0.$seller.id]) })
        let shown = Dictionary(uniqueKeysWithValues: presented.map { ($0.id, $0) })
        let items = rows.map { row in
            Favorite(listingId: row.listingID, title: shown[row.listingID ?? UUID()]?.title ?? row.title,
                     availability: row.listingID.flatMap { availability[$0] } ?? .gone,
                     listing: row.listingID.flatMap { shown[$0] }, savedAt: row.createdAt)
        }
        return FavoritePage(items: items, nextCursor: next?.token)
    }

    /// Which of `listingIDs` the student saved (the hearts of a page of cards).
    func savedIDs(among listingIDs: [UUID], by userID: UUID) async throws -> Set<UUID> {
        guard !listingIDs.isEmpty else { return [] }
        return Set(try await FavoriteRecord.query(on: database).filter(\.$userID == userID).filter(\.$listingID ~~ listingIDs)
            .all().compactMap(\.listingID))
    }

    /// How many people saved the listing.
    func count(of listingID: UUID) async throws -> Int {
        try await FavoriteRecord.query(on: database).filter(\.$listingID == listingID).count()
    }

    /// Still on the market: a saved listing shown whole, not only said to be sold or gone.
    static func isOnMarket(_ availability: FavoriteAvailability) -> Bool {
        availability == .available || availability == .reserved
    }

    static func availability(of status: String) -> FavoriteAvailability {
        switch ListingStatus(rawValue: status) {
        case .active?: .available
        case .reserved?: .reserved
        case .sold?: .sold
        default: .gone
        }
    }
}
