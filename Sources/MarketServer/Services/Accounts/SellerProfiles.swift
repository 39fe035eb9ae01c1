import Fluent
import Foundation
import MarketCore
import SQLKit

/// A seller's public profile: name, campus (verified or not), member since, active listings,
/// rating — and their chosen contact, shown only to signed-in viewers. Listing detail and
/// `/users/{id}` both use this.
struct SellerProfiles {
    let database: any Database
    let trust: TrustPolicy

    /// The id of the one account (not deleted) whose id begins with `prefix`: 404 when none,
    /// 409 when several.
    func userID(prefix: IDPrefix) async throws -> UUID {
        let ids = try await UserRecord.query(on: database).filter(\.$deletedAt == nil).idBeginning(with: prefix)
            .all().map { try $0.requireID() }
        return try APIError.uniqueMatch(ids, of: prefix, what: "person") ?? { throw APIError.userNotFound }()
    }

    /// nil when no account (or only a deleted one) has this id.
    func profile(of userID: UUID, viewerSignedIn: Bool) async throws -> SellerSummary? {
        guard let user = try await UserRecord.find(userID, on: database), user.deletedAt == nil else { return nil }
        let active = try await database.sql.raw("""
            SELECT COUNT(*) AS n FROM listings WHERE seller_id = \(bind: userID) AND status = \(literal: ListingStatus.active.rawValue)
            """).first()?.decode(column: "n", as: Int.self) ?? 0
        let rating = try await Self.rating(of: userID, on: database)
        return SellerSummary(id: userID, name: user.name, campus: trust.membership(of: user), memberSince: user.createdAt,
                             activeListingsCount: active, contact: viewerSignedIn ? user.contact : nil, rating: rating)
    }

    /// The mean and count of a person's reviews, one query.
    static func rating(of userID: UUID, on database: any Database) async throws -> RatingSummary {
        let row = try await database.sql.raw("SELECT COUNT(*) AS n, AVG(rating * 1.0) AS mean FROM reviews WHERE subject_id = \(bind: userID)").first()
        let count = try row?.decode(column: "n", as: Int.self) ?? 0
        let mean = count == 0 ? 0 : (try row?.decode(column: "mean", as: Double.self) ?? 0)
        return RatingSummary(average: (mean * 10).rounded() / 10, count: count)
    }
}
