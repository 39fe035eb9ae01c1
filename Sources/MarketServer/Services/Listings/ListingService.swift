import Fluent
import Foundation
import SQLKit
import MarketCore

/// Listing rules: create, replace, delete-or-archive, and who may do each.
struct ListingService {
    let database: any Database
    let writes: WriteTransactions
    let settings: AppSettings
    let photos: PhotoStore
    /// Tells the people who saved a listing when its price drops.
    let alerts: FavoriteAlerts
    /// Tells the owners of saved searches a new or changed listing matches.
    let searchAlerts: SavedSearchAlerts
    let now: Date
    /// Told when a Spanish listing is saved here, so this instance's searches ask Spanish stems at once.
    var spanishListings: SpanishListings?
    var trust: TrustPolicy { TrustPolicy(settings: settings) }

    enum Removal: String, Codable {
        case deleted
        /// Kept (hidden from the feed) because money or an order refers to it.
        case archived
    }

    func create(_ input: ListingInput, by seller: UserRecord) async throws -> ListingRecord {
        try trust.requireVerified(seller)  // before the input is judged: what to do is verify
        return try await create(APIError.draft(input.validated(defaultCurrency: settings.defaultCurrency)), by: seller)
    }

    func create(_ draft: ListingDraft, by seller: UserRecord) async throws -> ListingRecord {
        try trust.requireVerified(seller)
        let (sellerID, campus, campusOnly) = (try seller.requireID(), trust.campusID(of: seller), !seller.shownOutsideCampus)
        let draft = languageTold(draft, campus: campus)
        // The record is made inside: a body may run twice (`GroupCommit`), and Fluent creates a
        // model object once.
        return try await writes.run { [searchAlerts, now] tx in
            let listing = ListingRecord(sellerID: sellerID, campus: campus, campusOnly: campusOnly, draft: draft, now: now)
            try await listing.create(on: tx.db)
            try await searchAlerts.queue(listing, in: tx)
            return listing
        }.noting(in: spanishListings)
    }

    /// A full replacement of the listing's fields (PUT). Sold or archived listings stay as they
    /// were; with `version` (the request's `If-Match`), one that changed since is refused 412.
    func replace(_ id: UUID, with input: ListingInput, by user: UserRecord, ifVersion version: Int64? = nil) async throws -> ListingRecord {
        let listing = try await editable(id, by: user)
        return try await replace(listing, with: APIError.draft(input.validated(defaultCurrency: settings.defaultCurrency)), ifVersion: version)
    }

    /// The caller's listing, when it can still be edited (sold or archived listings stay as they were).
    func editable(_ id: UUID, by user: UserRecord) async throws -> ListingRecord {
        let listing = try await owned(id, by: user)
        guard try [.active, .reserved].contains(listing.listingStatus) else {
            throw APIError(.conflict, code: "listing_closed", message: "This listing is \(listing.status) and can no longer be edited.")
        }
        return listing
    }

    /// Replaces the fields of a listing `editable` returned; a lower price is told to those who
    /// saved it, and a listing that now matches a saved search to its owner.
    func replace(_ listing: ListingRecord, with draft: ListingDraft, ifVersion version: Int64? = nil) async throws -> ListingRecord {
        let draft = languageTold(draft, campus: listing.campus)
        let old = (sale: listing.salePriceCents, rent: listing.rentPriceCents)
        listing.apply(draft, now: now)
        let id = try listing.requireID()
        let drop = FavoriteAlerts.priceDrop(from: old, to: (listing.salePriceCents, listing.rentPriceCents)).map { prices -> Phrase in
            let now = MoneyText.format(Int(prices.now), currency: listing.currency), was = MoneyText.format(Int(prices.was), currency: listing.currency)
            return "“\(listing.title)”, which you saved, is now \(now) (was \(was))."
        }
        try await writes.run { [alerts, searchAlerts, now] tx in
            // Applied again here: a body may run twice (`GroupCommit`), and a save that went
            // through leaves Fluent nothing changed to write the second time.
            listing.apply(draft, now: now)
            // One conditional statement raises the version: of two edits made from one version,
            // the second finds it raised and is refused, whichever instance it reached.
            let raise: SQLQueryString = if let version {
                "UPDATE listings SET version = version + 1 WHERE id = \(bind: id) AND version = \(bind: version) RETURNING version"
            } else {
                "UPDATE listings SET version = version + 1 WHERE id = \(bind: id) RETURNING version"
            }
            guard let raised = try await tx.db.sql.raw(raise).first() else { throw APIError.listingChanged }
            listing.version = try raised.decode(column: "version", as: Int64.self)
            try await listing.save(on: tx.db)
            if let drop {
                try await alerts.tell(saversOf: id, except: [listing.$seller.id], kind: .favoritePriceDropped, message: drop, in: tx)
            }
            // A change that makes it match a saved search tells that search's owner, once.
            try await searchAlerts.queue(listing, in: tx)
        }
        return listing.noting(in: spanishListings)
    }

    /// `draft` with its language, when not chosen, told from its words; where they do not tell,
    /// its campus's language (`| language: es` in `CAMPUSES`), else English.
    private func languageTold(_ draft: ListingDraft, campus: String?) -> ListingDraft {
        guard draft.language == nil else { return draft }
        var told = draft
        let otherwise = ListingLanguage(code: trust.language(ofCampus: campus)) ?? .english
        told.language = ListingLanguage.detect(draft.title + "\n" + draft.description, otherwise: otherwise)
        return told
    }

    /// Deletes the listing, or archives it when a transaction (a fee, an order, an offer) refers
    /// to it. The checks and the change run under the listing lock, the lock every order takes
    /// first, so an order landing at the same moment makes this a 409 or an archive, never a
    /// delete that its order's foreign key would refuse.
    func remove(_ id: UUID, by user: UserRecord) async throws -> Removal {
        _ = try await owned(id, by: user)
        let (removal, files) = try await writes.run { tx -> (Removal, [String]) in
            guard try await tx.lockListing(id) != nil else { throw APIError.listingNotFound }
            if try await hasOpenOrders(id, on: tx.db) {
                throw APIError(.conflict, code: "listing_has_open_orders",
                               message: "This listing has orders in progress. Decline or complete them before removing it.")
            }
            if try await hasTransactions(id, on: tx.db) {
                try await archive(ListingRecord.query(on: tx.db).filter(\.$id == id))
                return (.archived, [])
            }
            // Its seller's other devices and those who saved it learn it is gone (`GET /me/changes`).
            let savers = try await tx.sql.raw("SELECT user_id FROM favorites WHERE listing_id = \(bind: id)").all()
                .map { try $0.decode(column: "user_id", as: UUID.self) }
            try await Removals.record(.listing, id, for: [user.requireID()] + savers, at: now, on: tx.sql)
            let records = try await ListingPhotoRecord.query(on: tx.db).filter(\.$listing.$id == id).all()
            try await ListingPhotoRecord.query(on: tx.db).filter(\.$listing.$id == id).delete()
            try await ListingRecord.query(on: tx.db).filter(\.$id == id).delete()
            return (.deleted, records.map(\.fileName))
        }
        for file in Set(files) { try await photos.removeIfUnreferenced(file, on: database) }
        return removal
    }

    /// Takes every open listing of a seller off the market (account deletion), ending features.
    func archiveAll(of sellerID: UUID) async throws {
        try await archive(ListingRecord.query(on: database)
            .filter(\.$seller.$id == sellerID)
            .filter(\.$status ~~ [ListingStatus.active.rawValue, ListingStatus.reserved.rawValue]))
    }

    /// Archives the listings `query` selects: hidden from the feed, their features ended.
    private func archive(_ query: QueryBuilder<ListingRecord>) async throws {
        try await query
            .set(\.$status, to: ListingStatus.archived.rawValue)
            .set(\.$featuredUntil, to: nil)
            .set(\.$updatedAt, to: now)
            .update()
    }

    func find(_ id: UUID) async throws -> ListingRecord {
        guard let listing = try await ListingRecord.query(on: database).filter(\.$id == id).first() else {
            throw APIError.listingNotFound
        }
        return listing
    }

    /// The listing when `viewer` may see it (`ListingVisibility`); 404 otherwise.
    func visible(_ id: UUID, to viewer: UserRecord?) async throws -> ListingRecord {
        let listing = try await find(id)
        guard try await ListingVisibility.canSee(listing, viewer: viewer, trust: trust, on: database) else {
            throw APIError.listingNotFound
        }
        return listing
    }

    /// The listing as read for display, with its seller's name, when `viewer` may see it; 404
    /// otherwise. One statement, no model: a listing's page and JSON read it on every view.
    func visibleRow(_ id: UUID, to viewer: UserRecord?) async throws -> ListingRow {
        let row = try await database.prepared("""
            SELECT \(unsafeRaw: ListingRow.selectList), u.public_name AS seller_name
            FROM listings l LEFT JOIN users u ON u.id = l.seller_id WHERE l.id = \(bind: id)
            """).first()
        guard let row else { throw APIError.listingNotFound }
        let listing = try ListingRow(row: row)
        guard try await ListingVisibility.canSee(listing, viewer: viewer, trust: trust, on: database) else { throw APIError.listingNotFound }
        return listing
    }

    /// The id of the one listing `viewer` may see whose id begins with `prefix`: 404 when there
    /// is none, 409 `ambiguous_id` when there are several.
    func visibleID(prefix: IDPrefix, to viewer: UserRecord?) async throws -> UUID {
        let candidates = try await ListingRecord.query(on: database).idBeginning(with: prefix).all()
        var seen: [UUID] = []
        for listing in candidates where try await ListingVisibility.canSee(listing, viewer: viewer, trust: trust, on: database) {
            seen.append(try listing.requireID())
        }
        return try APIError.uniqueMatch(seen, of: prefix, what: "listing") ?? { throw APIError.listingNotFound }()
    }

    /// The listing when `user` is its seller; 403 in words when it is someone else's they may
    /// see, 404 when they may not (an id of a hidden or archived listing tells a stranger nothing).
    func owned(_ id: UUID, by user: UserRecord) async throws -> ListingRecord {
        let listing = try await find(id)
        guard listing.$seller.id == user.id else {
            guard try await ListingVisibility.canSee(listing, viewer: user, trust: trust, on: database) else { throw APIError.listingNotFound }
            throw APIError.notListingOwner
        }
        return listing
    }

    /// Money, an order or a trade offer refers to it: the listing must be kept (archived).
    func hasTransactions(_ listingID: UUID, on db: any Database) async throws -> Bool {
        if try await FeeRecord.query(on: db).filter(\.$listing.$id == listingID).count() > 0 { return true }
        if try await OrderRecord.query(on: db).filter(\.$listing.$id == listingID).count() > 0 { return true }
        if try await TradeOfferRecord.query(on: db).filter(\.$listing.$id == listingID).count() > 0 { return true }
        if try await DeliveryQuoteRecord.query(on: db).filter(\.$listing.$id == listingID).count() > 0 { return true }
        return try await TradeOfferItemRecord.query(on: db).filter(\.$listing.$id == listingID).count() > 0
    }

    /// An order still in progress holds it: it cannot be removed until that order ends.
    func hasOpenOrders(_ listingID: UUID, on db: any Database) async throws -> Bool {
        try await OrderRecord.query(on: db).filter(\.$listing.$id == listingID)
            .filter(\.$status ~~ OrderStatus.allCases.filter(\.isOpen).map(\.rawValue)).count() > 0
    }
}
