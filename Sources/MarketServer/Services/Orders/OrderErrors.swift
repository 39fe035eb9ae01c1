import Foundation

/// Errors more than one order service raises.
enum OrderErrors {
    static let listingNotFound = APIError(.notFound, code: "listing_not_found", message: "There is no listing with this id.")
    static let orderNotFound = APIError(.notFound, code: "order_not_found", message: "There is no order of yours with this id.")

    static func unavailable(_ listing: Listing) -> APIError {
        APIError(.conflict, code: "listing_unavailable", message: "This listing is \(listing.status), so it is not available.")
    }
}
