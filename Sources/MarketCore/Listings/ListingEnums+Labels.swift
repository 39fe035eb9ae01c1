/// Words a person reads for each value: the web app, the CLI and SwiftUI screens show these.
extension ListingCategory {
    public var label: Phrase {
        switch self {
        case .textbooks: "Textbooks"
        case .notes: "Notes"
        case .furniture: "Furniture"
        case .electronics: "Electronics"
        case .homeAppliances: "Home appliances"
        case .sportingGoods: "Sporting goods"
        case .outdoor: "Outdoor"
        case .toys: "Toys"
        case .clothing: "Clothing"
        case .other: "Other"
        }
    }
}

extension ListingCondition {
    public var label: Phrase {
        switch self {
        case .new: "New"
        case .likeNew: "Like new"
        case .good: "Good"
        case .fair: "Fair"
        case .poor: "Poor"
        }
    }
}

extension ListingSort {
    public var label: Phrase {
        switch self {
        case .relevance: "Best match"
        case .newest: "Newest"
        case .priceAsc: "Price: low to high"
        case .priceDesc: "Price: high to low"
        }
    }
}

extension ListingStatus {
    public var label: Phrase {
        switch self {
        case .active: "For offer"
        case .reserved: "Reserved"
        case .sold: "Sold"
        case .archived: "Archived"
        case .hidden: "Hidden while a moderator reviews reports"
        case .removed: "Removed by a moderator"
        case .suspended: "Off the market: account suspended"
        case .unknown: "Unavailable"
        }
    }
}

extension OfferKind {
    public var label: Phrase {
        switch self {
        case .buy: "Buy"
        case .rent: "Rent"
        case .trade: "Trade"
        }
    }
}
