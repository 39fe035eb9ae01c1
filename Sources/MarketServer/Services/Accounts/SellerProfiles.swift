import Fluent
import Foundation
import MarketCore
import SQLKit

/// A seller's public profile: name as they chose others read it, campus (verified or not),
/// member since, active listings, rating — and their contact, to whom they chose
/// (`PrivacySettings`). Listing detail and `/users/{id}` both use this.
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
    /// The contact goes to the audience the person chose (`mayContact`). `viewerID` nil with
    /// `viewerSignedIn` is the owner's own views (their listing just saved), which need no check.
    func profile(of userID: UUID, viewerSignedIn: Bool, viewerID: UUID? = nil) async throws -> SellerSummary? {
        let viewer: Viewer = if !viewerSignedIn { .signedOut } else if let viewerID, viewerID != userID { .id(viewerID) } else { .owner }
        return try await read(userID, viewer: viewer, checkingCampus: false)
    }

    /// `/users/{id}` and the seller's page: nil, as for no account, when the person shows their
    /// profile only on their campus and the viewer is not a verified student of it (nor a moderator).
    func visibleProfile(of userID: UUID, viewer: UserRecord?) async throws -> SellerSummary? {
        let viewer: Viewer = if let viewer { viewer.id == userID ? .owner : .record(viewer) } else { .signedOut }
        return try await read(userID, viewer: viewer, checkingCampus: true)
    }

    private enum Viewer {
        case owner, signedOut
        case id(UUID)
        case record(UserRecord)
    }

    private func read(_ userID: UUID, viewer asked: Viewer, checkingCampus: Bool) async throws -> SellerSummary? {
        guard let row = try await database.sql.prepared("""
            SELECT u.public_name, u.email, u.campus_email, u.campus_verified_at, u.contact_kind, u.contact_value, u.created_at,
                   u.contact_audience, u.shown_outside_campus,
                   (SELECT COUNT(*) FROM listings l WHERE l.seller_id = u.id AND l.status = \(literal: ListingStatus.active.rawValue)) AS active,
                   (SELECT COUNT(*) FROM reviews r WHERE r.subject_id = u.id) AS reviews,
                   (SELECT CAST(AVG(r.rating) AS DOUBLE PRECISION) FROM reviews r WHERE r.subject_id = u.id) AS mean
            FROM users u WHERE u.id = \(bind: userID) AND u.deleted_at IS NULL
            """).first() else { return nil }
        let membership = trust.membership(email: try row.decode(column: "email", as: String.self),
                                          campusEmail: try row.decode(column: "campus_email", as: String?.self),
                                          campusVerifiedAt: try row.decode(column: "campus_verified_at", as: Date?.self))
        let audience = PrivacySettings.ContactAudience(known: try row.decode(column: "contact_audience", as: String.self)) ?? .nobody
        let owner: Bool, viewer: UserRecord?
        switch asked {
        case .owner: (owner, viewer) = (true, nil)
        case .signedOut: (owner, viewer) = (false, nil)
        case .record(let record): (owner, viewer) = (false, record)
        case .id(let id):
            // Read only when the answer depends on who it is: a listing's page is read on every view.
            let needed = audience == .campus || (audience == .signedIn && trust.requireVerified)
            (owner, viewer) = (false, needed ? try await UserRecord.find(id, on: database) : nil)
        }
        let signedIn: Bool = if case .signedOut = asked { false } else { true }
        if checkingCampus, !owner, try !row.decode(column: "shown_outside_campus", as: Bool.self),
           ListingVisibility.isOutside(viewer, ofCampusOnly: true, campus: membership?.id, trust: trust), viewer?.isModerator != true {
            return nil
        }
        let contact = owner || mayContact(audience, sellerCampus: membership?.id, signedIn: signedIn, viewer: viewer)
            ? UserRecord.contact(kind: try row.decode(column: "contact_kind", as: String?.self),
                                 value: try row.decode(column: "contact_value", as: String?.self))
            : nil
        // On an open board a "campus" is only an email's domain: a seller's card does not show it.
        return SellerSummary(id: userID, name: try row.decode(column: "public_name", as: String.self),
                             campus: trust.campuses.isConfigured ? membership : nil,
                             memberSince: try row.decode(column: "created_at", as: Date.self),
                             activeListingsCount: try row.decode(column: "active", as: Int.self),
                             contact: contact,
                             rating: Self.rating(count: try row.decode(column: "reviews", as: Int.self),
                                                 mean: try row.decode(column: "mean", as: Double?.self)))
    }

    /// Whether a viewer (not the person) sees the contact: the audience they chose, and with
    /// `REQUIRE_VERIFIED` on, only verified students in any case. `viewer` is read only where
    /// the answer needs it (`read`).
    private func mayContact(_ audience: PrivacySettings.ContactAudience, sellerCampus: String?, signedIn: Bool, viewer: UserRecord?) -> Bool {
        guard signedIn else { return false }
        switch audience {
        case .signedIn: return !trust.requireVerified || viewer.map(trust.isVerified) == true
        case .campus: return viewer.map { trust.isVerifiedMember($0, of: sellerCampus) } == true
        case .nobody, .unknown: return false
        }
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
