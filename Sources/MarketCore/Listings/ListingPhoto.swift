import Foundation

/// A photo of a listing: the original (`url`) and smaller JPEG copies of it (`variants`) so that
/// a screen downloads what it draws, not the camera's 4032 pixels.
public struct ListingPhoto: Codable, Sendable, Equatable, Identifiable {
    /// How many photos a listing may have.
    public static let maxPerListing = 8

    public var id: UUID
    /// The original, as uploaded (metadata removed).
    public var url: String
    public var contentType: String
    /// The size seen (turned upright), nil for a photo stored before sizes were recorded.
    public var width: Int?
    public var height: Int?
    /// "#a08060": the photo's average colour, to fill its place while it loads.
    public var placeholderColor: String?
    /// Narrowest first; empty when none were made (a small photo, WebP, or stored before).
    public var variants: [PhotoVariant]

    public init(id: UUID, url: String, contentType: String, width: Int? = nil, height: Int? = nil,
                placeholderColor: String? = nil, variants: [PhotoVariant] = []) {
        self.id = id
        self.url = url
        self.contentType = contentType
        self.width = width
        self.height = height
        self.placeholderColor = placeholderColor
        self.variants = variants
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        url = try container.decode(String.self, forKey: .url)
        contentType = try container.decode(String.self, forKey: .contentType)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        placeholderColor = try container.decodeIfPresent(String.self, forKey: .placeholderColor)
        // A server from before variants sends none.
        variants = try container.decodeIfPresent([PhotoVariant].self, forKey: .variants) ?? []
    }

    /// The URL to load for a slot `points` wide on a screen of `scale` (2 or 3 on an iPhone): the
    /// narrowest copy at least as wide as the slot's pixels, else the original.
    public func url(forPoints points: Double, scale: Double) -> String {
        let pixels = Int((points * scale).rounded(.up))
        if let width, width <= pixels { return url }  // the original is no wider than the slot
        return variants.first { $0.width >= pixels }?.url ?? url
    }
}

/// A smaller JPEG copy of a photo.
public struct PhotoVariant: Codable, Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var url: String

    public init(width: Int, height: Int, url: String) {
        self.width = width
        self.height = height
        self.url = url
    }
}
