import Fluent
import Foundation
import MarketCore

/// Listing rules: create, replace, delete-or-archive, and who may do each.
struct ListingService {
    let database: any Database
    let settings: AppSettings
    let now: Date

    enum Removal: String, Codable {
        case deleted
        /// Kept (hidden from the feed) because money or an order refers to it.
        case archived
    }

    func create(_ input: ListingInput, by seller: User) async throws -> Listing {
        let draft = try validate(input)
        let listing = Listing(sellerID: try seller.requireID(), campus: seller.campus, draft: draft, now: now)
        try await listing.create(on: database)
        return listing
    }

    /// A full replacement of the listing's fields (PUT). Sold or archived listings stay as they were.
    func replace(_ id: UUID, with input: ListingInput, by user: User) async throws -> Listing {
        let listing = try await owned(id, by: user)
        guard listing.listingStatus == .active || listing.listingStatus == .reserved else {
            throw APIError(.conflict, code: "listing_closed", message: "This listing is \(listing.status) and can no longer be edited.")
        }
        listing.apply(try validate(input), now: now)
        try await listing.save(on: database)
        return listing
    }

    /// Deletes the listing, or archives it when a transaction (a fee, later an order) refers to it.
    func remove(_ id: UUID, by user: User, photos: PhotoStore) async throws -> Removal {
        let listing = try await owned(id, by: user)
        let listingID = try listing.requireID()
        if try await hasOpenOrders(listingID) {
            throw APIError(.conflict, code: "listing_has_open_orders",
                           message: "This listing has orders in progress. Decline or complete them before removing it.")
        }
        if try await hasTransactions(listingID) {
            listing.status = ListingStatus.archived.rawValue
            listing.featuredUntil = nil
            listing.updatedAt = now
            try await listing.save(on: database)
            return .archived
        }
        let files = try await database.transaction { db in
            let records = try await ListingPhotoRecord.query(on: db).filter(\.$listing.$id == listingID).all()
            try await ListingPhotoRecord.query(on: db).filter(\.$listing.$id == listingID).delete()
            try await listing.delete(on: db)
            return records.map(\.fileName)
        }
        for file in Set(files) { try await photos.removeIfUnreferenced(file, on: database) }
        return .deleted
    }

    /// Takes every open listing of a seller off the market (account deletion), ending features.
    func archiveAll(of sellerID: UUID) async throws {
        try await Listing.query(on: database)
            .filter(\.$seller.$id == sellerID)
            .filter(\.$status ~~ [ListingStatus.active.rawValue, ListingStatus.reserved.rawValue])
            .set(\.$status, to: ListingStatus.archived.rawValue)
            .set(\.$featuredUntil, to: nil)
            .set(\.$updatedAt, to: now)
            .update()
    }

    func find(_ id: UUID) async throws -> Listing {
        guard let listing = try await Listing.query(on: database).filter(\.$id == id).first() else {
            throw APIError(.notFound, code: "listing_not_found", message: "There is no listing with this id.")
        }
        return listing
    }

    /// The listing when `user` is its seller; 403 in words when it is someone else's.
    func owned(_ id: UUID, by user: User) async throws -> Listing {
        let listing = try await find(id)
        guard listing.$seller.id == user.id else {
            throw APIError(.forbidden, code: "not_owner", message: "This listing belongs to another user.")
        }
        return listing
    }

    /// Money, an order or a trade offer refers to it: the listing must be kept (archived).
    func hasTransactions(_ listingID: UUID) async throws -> Bool {
        if try await Fee.query(on: database).filter(\.$listing.$id == listingID).count() > 0 { return true }
        if try await Order.query(on: database).filter(\.$listing.$id == listingID).count() > 0 { return true }
        if try await TradeOfferRecord.query(on: database).filter(\.$listing.$id == listingID).count() > 0 { return true }
        return try await TradeOfferItem.query(on: database).filter(\.$listing.$id == listingID).count() > 0
    }

    /// An order still in progress holds it: it cannot be removed until that order ends.
    func hasOpenOrders(_ listingID: UUID) async throws -> Bool {
        try await Order.query(on: database).filter(\.$listing.$id == listingID)
            .filter(\.$status ~~ OrderStatus.allCases.filter(\.isOpen).map(\.rawValue)).count() > 0
    }

    private func validate(_ input: ListingInput) throws -> ListingDraft {
        switch input.validated(defaultCurrency: settings.defaultCurrency) {
        case .success(let draft): return draft
        case .failure(let errors): throw APIError.validation(errors.fields)
        }
    }
}
