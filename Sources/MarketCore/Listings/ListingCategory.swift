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
