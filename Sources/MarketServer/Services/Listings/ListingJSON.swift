import Foundation
import MarketCore
import Vapor

/// The feed's and a listing's JSON, written by hand (`JSONBytes`): the same bytes' meaning as
/// `JSONEncoder.api` gives `Listing` and `ListingPage`, at a fraction of the cost. A field added
/// to `Listing` must be added here too: `ListingJSONTests` compares the two on every field.
enum ListingJSON {
    static func response(_ page: ListingPage) throws -> Response {
        var json = JSONBytes(capacity: 1024 * max(page.items.count, 1))
        try json.object { json in
            json.key("items")
            try json.array(page.items) { json, listing in try write(listing, to: &json) }
            json.key("nextCursor")
            if let cursor = page.nextCursor { json.string(cursor) } else { json.null() }
        }
        return response(json)
    }

    static func response(_ listing: Listing) throws -> Response {
        var json = JSONBytes()
        try write(listing, to: &json)
        return response(json)
    }

    private static func response(_ json: JSONBytes) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(buffer: json.buffer))
    }

    static func write(_ listing: Listing, to json: inout JSONBytes) throws {
        try json.object { json in
            json.member("id", listing.id)
            json.member("title", listing.title)
            json.member("description", listing.description)
            json.key("categories")
            json.array(listing.categories) { json, category in json.string(category.rawValue) }
            json.member("condition", listing.condition.rawValue)
            json.member("salePriceCents", ifPresent: listing.salePriceCents)
            json.member("rentPriceCents", ifPresent: listing.rentPriceCents)
            json.member("rentUnit", ifPresent: listing.rentUnit?.rawValue)
            json.member("openToTrade", listing.openToTrade)
            json.member("currency", listing.currency)
            if let textbook = listing.textbook {
                json.key("textbook")
                json.object { json in
                    json.member("author", ifPresent: textbook.author)
                    json.member("edition", ifPresent: textbook.edition)
                    json.member("isbn", ifPresent: textbook.isbn)
                    json.member("courseCode", ifPresent: textbook.courseCode)
                }
            }
            json.member("status", listing.status.rawValue)
            json.key("seller")
            try write(listing.seller, to: &json)
            json.member("campus", ifPresent: listing.campus)
            json.member("timeZone", ifPresent: listing.timeZone)
            json.member("depositCents", ifPresent: listing.depositCents)
            json.member("version", ifPresent: listing.version)
            json.member("language", ifPresent: listing.language)
            json.member("isFeatured", listing.isFeatured)
            json.member("featuredUntil", ifPresent: listing.featuredUntil)
            json.key("photos")
            json.array(listing.photos) { json, photo in
                json.object { json in
                    json.member("id", photo.id)
                    json.member("url", photo.url)
                    json.member("contentType", photo.contentType)
                    json.member("width", ifPresent: photo.width)
                    json.member("height", ifPresent: photo.height)
                    json.member("placeholderColor", ifPresent: photo.placeholderColor)
                    json.key("variants")
                    json.array(photo.variants) { json, variant in
                        json.object { json in
                            json.member("width", variant.width)
                            json.member("height", variant.height)
                            json.member("url", variant.url)
                        }
                    }
                }
            }
            json.member("createdAt", listing.createdAt)
            json.member("updatedAt", listing.updatedAt)
            json.member("savedCount", ifPresent: listing.savedCount)
            json.member("isSaved", ifPresent: listing.isSaved)
        }
    }

    /// A feed's seller (id and name) by hand; a listing page's public profile, which only one
    /// listing carries, through the encoder.
    private static func write(_ seller: SellerSummary, to json: inout JSONBytes) throws {
        if seller.campus == nil, seller.rating == nil, seller.memberSince == nil, seller.activeListingsCount == nil, seller.contact == nil {
            json.object { json in
                json.member("id", seller.id)
                json.member("name", seller.name)
            }
        } else {
            json.raw(try JSONEncoder.api.encode(seller))
        }
    }
}
