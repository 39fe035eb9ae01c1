import Foundation
import MarketCore

/// `/api/v1/listings`: the feed and search, a listing, the owner's changes, photos and features.
public enum ListingEndpoint: Endpoint {
    /// Answers a `ListingPage`.
    case search(ListingQuery)
    /// Answers a `Listing`.
    case show(UUID)
    /// Answers the one visible `Listing` whose id begins with these digits (409 `ambiguous_id` for several).
    case find(IDPrefix)
    /// Answers the new `Listing` (201).
    case create(ListingInput)
    /// A full replacement; answers the `Listing`. With `version` (the `Listing.version` the edit
    /// was made from), refused `412 listing_changed` when the listing changed since.
    case replace(UUID, ListingInput, version: Int? = nil)
    /// Answers a `ListingRemoval`: archived, or deleted when nothing refers to it.
    case delete(UUID)
    /// Answers the stored `ListingPhoto` (201). JPEG, PNG or WebP, at most 5 MB, 8 per listing.
    case addPhoto(UUID, FileUpload)
    /// Answers the photos, `[ListingPhoto]`, in their new order.
    case reorderPhotos(UUID, PhotoOrder)
    /// 204.
    case deletePhoto(listing: UUID, photo: UUID)
    /// Answers a `FeatureReceipt` (201).
    case feature(UUID)
    /// Answers a `FeatureRefund`; only on the UTC day the feature was bought.
    case cancelFeature(UUID)

    public var method: String {
        switch self {
        case .search, .show, .find: "GET"
        case .create, .feature, .addPhoto: "POST"
        case .replace, .reorderPhotos: "PUT"
        case .delete, .cancelFeature, .deletePhoto: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .search, .create: "listings"
        case .show(let id), .replace(let id, _, _), .delete(let id): "listings/\(id.wireString)"
        case .find(let prefix): "listings/\(prefix.digits)"
        case .addPhoto(let id, _): "listings/\(id.wireString)/photos"
        case .reorderPhotos(let id, _): "listings/\(id.wireString)/photos/order"
        case .deletePhoto(let listing, let photo): "listings/\(listing.wireString)/photos/\(photo.wireString)"
        case .feature(let id), .cancelFeature(let id): "listings/\(id.wireString)/feature"
        }
    }

    public var queryItems: [URLQueryItem] {
        guard case .search(let search) = self else { return [] }
        return search.queryItems
    }

    public var headers: [String: String] {
        if case .replace(_, _, let version?) = self { return ["If-Match": "\"\(version)\""] }
        return [:]
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .create(let input), .replace(_, let input, _): input
        case .reorderPhotos(_, let order): order
        default: nil
        }
    }

    public var upload: FileUpload? {
        if case .addPhoto(_, let file) = self { return file }
        return nil
    }
}
