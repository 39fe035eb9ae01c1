import Fluent
import Foundation
import MarketCore

/// Turns listing rows into API listings, loading sellers and photos for a whole page in two
/// queries rather than two per listing.
struct ListingPresenter {
    let database: any Database
    let now: Date

    func present(_ listings: [Listing]) async throws -> [MarketCore.Listing] {
        let ids = listings.compactMap(\.id)
        let sellerIDs = Set(listings.map(\.$seller.id))
        guard !ids.isEmpty else { return [] }
        let sellers = try await User.query(on: database).filter(\.$id ~~ sellerIDs).all()
            .reduce(into: [UUID: User]()) { $0[$1.id!] = $1 }
        let photos = try await ListingPhotoRecord.query(on: database).filter(\.$listing.$id ~~ ids)
            .sort(\.$position).all()
        let photosByListing = Dictionary(grouping: photos, by: \.$listing.id)
        return try listings.map { listing in
            let seller = sellers[listing.$seller.id]
            return try present(listing, seller: SellerSummary(id: listing.$seller.id, name: seller?.name ?? "Deleted user"),
                               photos: photosByListing[try listing.requireID()] ?? [])
        }
    }

    /// One listing with its seller's public profile; the contact only for signed-in viewers.
    func presentDetail(_ listing: Listing, viewerSignedIn: Bool) async throws -> MarketCore.Listing {
        let seller = try await User.find(listing.$seller.id, on: database)
        let activeCount = try await Listing.query(on: database)
            .filter(\.$seller.$id == listing.$seller.id)
            .filter(\.$status == ListingStatus.active.rawValue)
            .count()
        let summary = SellerSummary(
            id: listing.$seller.id,
            name: seller?.name ?? "Deleted user",
            campus: seller?.campus,
            memberSince: seller?.createdAt,
            activeListingsCount: activeCount,
            contact: viewerSignedIn && seller?.deletedAt == nil ? seller?.contact : nil)
        let photos = try await ListingPhotoRecord.query(on: database)
            .filter(\.$listing.$id == listing.requireID()).sort(\.$position).all()
        return try present(listing, seller: summary, photos: photos)
    }

    private func present(_ listing: Listing, seller: SellerSummary, photos: [ListingPhotoRecord]) throws -> MarketCore.Listing {
        MarketCore.Listing(
            id: try listing.requireID(),
            title: listing.title,
            description: listing.description,
            categories: ListingCategory.from(mask: listing.categoryMask),
            condition: ListingCondition(rawValue: listing.condition) ?? .good,
            salePriceCents: listing.salePriceCents.map(Int.init),
            rentPriceCents: listing.rentPriceCents.map(Int.init),
            rentUnit: listing.rentUnit.flatMap(RentUnit.init(rawValue:)),
            openToTrade: listing.openToTrade,
            currency: listing.currency,
            textbook: listing.textbook,
            status: listing.listingStatus,
            seller: seller,
            campus: listing.campus,
            isFeatured: listing.isFeatured(at: now),
            featuredUntil: listing.isFeatured(at: now) ? listing.featuredUntil : nil,
            photos: try photos.map { ListingPhoto(id: try $0.requireID(), url: "/photos/\($0.fileName)", contentType: $0.contentType) },
            createdAt: listing.createdAt,
            updatedAt: listing.updatedAt)
    }
}
