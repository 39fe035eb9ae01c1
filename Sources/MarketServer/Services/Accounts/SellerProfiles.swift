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

    /// nil when no account (or only a deleted one) has this id. One statement and no model: a
    /// listing's page and its JSON read it on every view, and Fluent's reading of a `UserRecord`
    /// (its fields found by reflection) was a tenth of the listing page's time.
    /// The contact goes to signed-in viewers; with `REQUIRE_VERIFIED` on, only to verified
    /// students (and the person themself). `viewerID` nil with `viewerSignedIn` is the owner's own
    /// views (their listing just saved), which need no check.
    func profile(of userID: UUID, viewerSignedIn: Bool, viewerID: UUID? = nil) async throws -> SellerSummary? {
        guard let row = try await database.sql.prepared("""
            SELECT u.name, u.email, u.campus_email, u.campus_verified_at, u.contact_kind, u.contact_value, u.created_at,
                   (SELECT COUNT(*) FROM listings l WHERE l.seller_id = u.id AND l.status = \(literal: ListingStatus.active.rawValue)) AS active,
                   (SELECT COUNT(*) FROM reviews r WHERE r.subject_id = u.id) AS reviews,
                   (SELECT CAST(AVG(r.rating) AS DOUBLE PRECISION) FROM reviews r WHERE r.subject_id = u.id) AS mean
            FROM users u WHERE u.id = \(bind: userID) AND u.deleted_at IS NULL
            """).first() else { return nil }
        let membership = trust.membership(email: try row.decode(column: "email", as: String.self),
                                          campusEmail: try row.decode(column: "campus_email", as: String?.self),
                                          campusVerifiedAt: try row.decode(column: "campus_verified_at", as: Date?.self))
        let contact = try await mayContact(userID, viewerSignedIn: viewerSignedIn, viewerID: viewerID)
            ? UserRecord.contact(kind: try row.decode(column: "contact_kind", as: String?.self),
                                 value: try row.decode(column: "contact_value", as: String?.self))
            : nil
        // On an open board a "campus" is only an email's domain: a seller's card does not show it.
        return SellerSummary(id: userID, name: try row.decode(column: "name", as: String.self),
                             campus: trust.campuses.isConfigured ? membership : nil,
                             memberSince: try row.decode(column: "created_at", as: Date.self),
                             activeListingsCount: try row.decode(column: "active", as: Int.self),
                             contact: contact,
                             rating: Self.rating(count: try row.decode(column: "reviews", as: Int.self),
                                                 mean: try row.decode(column: "mean", as: Double?.self)))
    }

    private func mayContact(_ userID: UUID, viewerSignedIn: Bool, viewerID: UUID?) async throws -> Bool {
        guard viewerSignedIn else { return false }
        guard trust.requireVerified, let viewerID, viewerID != userID else { return true }
        guard let viewer = try await UserRecord.find(viewerID, on: database) else { return false }
        return trust.isVerified(viewer)
    }

    /// The mean and count of a person's reviews, one query.
    static func rating(of userID: UUID, on database: any Database) async throws -> RatingSummary {
        let row = try await database.sql.raw("""
            SELECT COUNT(*) AS n, CAST(AVG(rating) AS DOUBLE PRECISION) AS mean FROM reviews WHERE subject_id = \(bind: userID)
            """).first()
        return rating(count: try row?.decode(column: "n", as: Int.self) ?? 0, mean: try row?.decode(column: "mean", as: Double?.self))
    }

    /// The mean to one decimal (0 with no review), and the count.
    private static func rating(count: Int, mean: Double?) -> RatingSummary {
        RatingSummary(average: count == 0 ? 0 : ((mean ?? 0) * 10).rounded() / 10, count: count)
    }
}
