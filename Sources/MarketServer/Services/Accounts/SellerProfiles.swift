import Fluent
import Foundation
import MarketCore

/// A seller's public profile: name, campus, member since, active listings — and their chosen
/// contact, shown only to signed-in viewers. Listing detail and `/users/{id}` both use this.
struct SellerProfiles {
    let database: any Database

    /// nil when no account (or only a deleted one) has this id.
    func profile(of userID: UUID, viewerSignedIn: Bool) async throws -> SellerSummary? {
        guard let user = try await UserRecord.find(userID, on: database), user.deletedAt == nil else { return nil }
        let active = try await ListingRecord.query(on: database)
            .filter(\.$seller.$id == userID)
            .filter(\.$status == ListingStatus.active.rawValue)
            .count()
        return SellerSummary(id: userID, name: user.name, campus: user.campus, memberSince: user.createdAt,
                             activeListingsCount: active, contact: viewerSignedIn ? user.contact : nil)
    }
}
