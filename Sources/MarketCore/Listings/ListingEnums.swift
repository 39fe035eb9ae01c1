
public enum ListingCondition: String, Codable, Sendable, CaseIterable {
    case new
    case likeNew = "like_new"
    case good, fair, poor
}

/// A rent price is per hour or per day.
public enum RentUnit: String, Codable, Sendable, CaseIterable {
    case hour, day

    public var seconds: Int { self == .hour ? 3_600 : 86_400 }
}

public enum ListingStatus: String, OpenEnum {
    case active, reserved, sold, archived
    /// Reported by enough people: off the market until a moderator decides.
    case hidden
    /// Taken down by a moderator.
    case removed
    /// Its seller's account is suspended.
    case suspended
    case unknown

    public static var allCases: [ListingStatus] { [.active, .reserved, .sold, .archived, .hidden, .removed, .suspended] }
}

/// How a listing can be had: the feed's `offer` filter.
public enum OfferKind: String, Codable, Sendable, CaseIterable {
    case buy, rent, trade
}

public enum ListingSort: String, Codable, Sendable, CaseIterable {
    case relevance, newest
    case priceAsc = "price_asc"
    case priceDesc = "price_desc"

    /// Whether listings come in price order (either way), rather than newest first.
    public var isByPrice: Bool { self == .priceAsc || self == .priceDesc }
}
