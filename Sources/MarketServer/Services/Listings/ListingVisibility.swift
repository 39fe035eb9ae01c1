import Fluent
import Foundation
import MarketCore
import SQLKit

/// Who may see a listing: the one rule every front end (API, web pages, Text Trader, search)
/// asks.
/// - active or reserved: anyone, unless its seller shows it only on their campus
///   (`campusOnly`, with campuses configured): then verified students of that campus, the parties
///   to its orders and moderators;
/// - sold or archived: its seller and the parties to its orders (their order pages link to it);
/// - hidden (reported, awaiting a moderator), removed, or suspended with its seller: its seller
///   and moderators.
/// To anyone else it does not exist (404, not 403: an id tells nothing).
enum ListingVisibility {
    static func canSee(_ listing: ListingRecord, viewer: UserRecord?, trust: TrustPolicy, on database: any Database) async throws -> Bool {
        try await canSee(listing.requireID(), status: listing.status, sellerID: listing.$seller.id,
                         outsideCampus: isOutside(viewer, ofCampusOnly: listing.campusOnly, campus: listing.campus, trust: trust),
                         viewer: viewer, on: database)
    }

    static func canSee(_ listing: ListingRow, viewer: UserRecord?, trust: TrustPolicy, on database: any Database) async throws -> Bool {
        try await canSee(listing.id, status: listing.status, sellerID: listing.sellerID,
                         outsideCampus: isOutside(viewer, ofCampusOnly: listing.campusOnly, campus: listing.campus, trust: trust),
                         viewer: viewer, on: database)
    }

    /// Whether `viewer` is outside the campus a campus-only listing (or profile) is shown on.
    static func isOutside(_ viewer: UserRecord?, ofCampusOnly campusOnly: Bool, campus: String?, trust: TrustPolicy) -> Bool {
        guard campusOnly, trust.campuses.isConfigured else { return false }
        guard let viewer else { return true }
        return !trust.isVerifiedMember(viewer, of: campus)
    }

    private static func canSee(_ listingID: UUID, status: String, sellerID: UUID, outsideCampus: Bool, viewer: UserRecord?,
                               on database: any Database) async throws -> Bool {
        guard let viewer, let viewerID = viewer.id else { return isPublic(status) && !outsideCampus }
        if viewerID == sellerID || (isPublic(status) && !outsideCampus) { return true }
        switch ListingStatus(rawValue: status) {
        case .active?, .reserved?:
            return viewer.isModerator ? true : try await isParty(viewerID, to: listingID, on: database)
        case .sold?, .archived?:
            return try await isParty(viewerID, to: listingID, on: database)
        case .hidden?, .removed?, .suspended?:
            return viewer.isModerator
        default:
            return false
        }
    }

    /// Bought or rented it, or offered for it or received it in a trade.
    private static func isParty(_ viewer: UUID, to listingID: UUID, on database: any Database) async throws -> Bool {
        let row = try await database.sql.raw("""
            SELECT 1 AS party FROM orders WHERE listing_id = \(bind: listingID) AND buyer_id = \(bind: viewer)
            UNION ALL
            SELECT 1 FROM trade_offer_items i JOIN trade_offers o ON o.id = i.offer_id
            WHERE i.listing_id = \(bind: listingID) AND o.seller_id = \(bind: viewer) AND o.status = 'accepted'
            LIMIT 1
            """).first()
        return row != nil
    }

    static func isPublic(_ status: String) -> Bool {
        status == ListingStatus.active.rawValue || status == ListingStatus.reserved.rawValue
    }

    /// Search lists listings off the market only to their seller, among their own listings (and
    /// the moderation states to moderators).
    static func check(_ criteria: SearchCriteria, viewer: UserRecord?) throws {
        guard !isPublic(criteria.status.rawValue) else { return }
        if let viewer, criteria.sellerID == viewer.id { return }
        if let viewer, viewer.isModerator, [.hidden, .removed, .suspended].contains(criteria.status) { return }
        throw APIError.validation(["status": "\(criteria.status.rawValue) listings are listed only to their seller: sign in and add seller=<your id>"])
    }

    /// Which campus-only listings a search by `viewer` lists: every one to moderators, to a
    /// seller among their own listings, and on a board without campuses; else those of the
    /// viewer's verified campus, or none.
    static func campusOnlyListings(_ criteria: SearchCriteria, viewer: UserRecord?, trust: TrustPolicy) -> SearchCriteria.CampusOnlyListings {
        guard trust.campuses.isConfigured else { return .all }
        if let viewer, viewer.isModerator || criteria.sellerID == viewer.id { return .all }
        guard let viewer, trust.isVerified(viewer), let campus = trust.campusID(of: viewer) else { return .none }
        return .of(campus)
    }
}
