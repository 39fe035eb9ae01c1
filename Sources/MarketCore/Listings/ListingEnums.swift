/// What a listing is. Slugs are the wire and storage form.
public enum ListingCategory: String, Codable, Sendable, CaseIterable {
    case textbooks, notes, furniture, electronics
    case homeAppliances = "home_appliances"
    case sportingGoods = "sporting_goods"
    case outdoor, toys, clothing, other

    /// Bit in the stored category mask (one integer column, cheap to filter).
    public var bit: Int64 { 1 << Int64(Self.allCases.firstIndex(of: self)!) }

    public static func mask(_ categories: some Sequence<ListingCategory>) -> Int64 {
        categories.reduce(0) { $0 | $1.bit }
    }

    public static func from(mask: Int64) -> [ListingCategory] {
        allCases.filter { mask & $0.bit != 0 }
    }
}

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
