import Foundation
import MarketCore

/// Who may see a listing: the one rule every front end (API, web pages, Text Trader, search)
/// asks. A listing on the market, reserved or sold is public (orders and reviews link to it);
/// an archived one was taken down and is its seller's alone, so to anyone else it does not
/// exist (404, not 403: a removed listing's id tells nothing).
enum ListingVisibility {
    static func canSee(status: String, sellerID: UUID, viewer: UUID?) -> Bool {
        status != ListingStatus.archived.rawValue || viewer == sellerID
    }

    /// Search lists archived listings only to their seller, among their own listings.
    static func check(_ criteria: SearchCriteria, viewer: UUID?) throws {
        guard criteria.status == .archived else { return }
        guard let viewer, criteria.sellerID == viewer else {
            throw APIError.validation(["status": "archived listings are listed only to their seller: sign in and add seller=<your id>"])
        }
    }
}
