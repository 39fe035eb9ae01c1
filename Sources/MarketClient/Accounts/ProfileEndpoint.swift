import Foundation
import MarketCore

/// `/api/v1/me` and `/api/v1/users/{id}`: my profile, and another person's public one.
public enum ProfileEndpoint: Endpoint {
    /// Answers my `UserProfile`.
    case show
    /// Answers the changed `UserProfile`; a new email or password needs `currentPassword`.
    case update(UpdateProfileRequest)
    /// Deletes my account (204): the current password, or a recent sign-in for an account without one.
    case delete(DeleteAccountRequest)
    /// Answers my `AccountExport`: everything my account holds.
    case export
    /// Answers a seller's public `SellerSummary`; `contact` only to the audience they chose.
    case seller(UUID)
    /// The one person whose id begins with these digits.
    case findSeller(IDPrefix)

    public var method: String {
        switch self {
        case .show, .export, .seller, .findSeller: "GET"
        case .update: "PATCH"
        case .delete: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .seller(let id): "users/\(id.wireString)"
        case .findSeller(let prefix): "users/\(prefix.digits)"
        case .export: "me/export"
        default: "me"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .update(let request): request
        case .delete(let request): request
        default: nil
        }
    }
}
