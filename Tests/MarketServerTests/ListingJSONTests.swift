import Foundation
import MarketCore
@testable import MarketServer
import Testing

/// The feed's hand-written JSON (`ListingJSON`, `JSONBytes`) means what `JSONEncoder.api` writes
/// for the same values: every field, nil ones left out, text that needs escaping, times.
@Suite("Listing JSON")
struct ListingJSONTests {
    static func object(_ data: Data) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? NSObject)
    }

    static func sample(title: String = "Desk \"lamp\" \\ / é 🎓\n\t\u{01}", at time: Date, full: Bool) -> Listing {
        var seller = SellerSummary(id: UUID(), name: "Sam </script>")
        if full {
            seller.campus = CampusMembership(id: "umich.edu", name: "Michigan", verified: true)
            seller.rating = RatingSummary(average: 4.5, count: 2)
            seller.memberSince = time
            seller.activeListingsCount = 3
        }
        var listing = Listing(
            id: UUID(), title: title, description: full ? "Line one\r\nline two" : "", categories: full ? [.textbooks, .homeAppliances] : [],
            condition: .likeNew, salePriceCents: full ? 1_250 : nil, rentPriceCents: full ? 300 : nil, rentUnit: full ? .day : nil,
            openToTrade: full, currency: "USD",
            textbook: full ? TextbookDetails(author: "Stewart", edition: "8", isbn: "9781285741550", courseCode: "MATH 115") : nil,
            status: full ? .reserved : .active, seller: seller, campus: full ? "umich.edu" : nil, isFeatured: full,
            featuredUntil: full ? time.addingTimeInterval(86_400) : nil,
            photos: full ? [ListingPhoto(id: UUID(), url: "/photos/a b.jpg", contentType: "image/jpeg", width: 4032, height: 3024, placeholderColor: "#a08060",
                                        variants: [PhotoVariant(width: 320, height: 240, url: "/photos/a-320.jpg")]),
                           ListingPhoto(id: UUID(), url: "/photos/c.webp", contentType: "image/webp")] : [],
            createdAt: time, updatedAt: time.addingTimeInterval(0.999),
            timeZone: full ? "America/Detroit" : nil, depositCents: full ? 5_000 : nil)
        if full { listing.savedCount = 2; listing.isSaved = false }
        return listing
    }

    @Test("a page and a listing, with every field and with none of the optional ones, at times across the calendar")
    func sameAsTheEncoder() throws {
        let times = [0, 951_782_400, 1_709_164_799.5, 1_764_160_349.20084, 1_798_761_599.999, 4_102_444_800, 1_234_567_890.000_001]
            .map(Date.init(timeIntervalSince1970:))
        for time in times {
            for full in [true, false] {
                let listing = Self.sample(at: time, full: full)
                let page = ListingPage(items: [listing, Self.sample(title: "Chair", at: time, full: !full)], nextCursor: full ? "abc_-" : nil)
                for (fast, slow) in [(try ListingJSON.response(page).body.data, try JSONEncoder.api.encode(page)),
                                     (try ListingJSON.response(listing).body.data, try JSONEncoder.api.encode(listing))] {
                    let written = try #require(fast)
                    #expect(try Self.object(written) == Self.object(slow),
                            "\(String(decoding: written, as: UTF8.self))\n\(String(decoding: slow, as: UTF8.self))")
                }
            }
        }
    }

    @Test("numbers of every size and sign, and text however Swift holds it, read back as written")
    func numbersAndText() throws {
        let numbers = [0, 7, -7, 10, 99, -100, 1_250, Int(Int32.max), Int.max, Int.min, Int.min + 1]
        let texts = ["", "plain", "é 🎓 \u{7F}", "tab\there \"q\" \\ \u{1F}", NSString(string: "bridged ü \n text") as String,
                     String(repeating: "long ", count: 400) + "\u{0}"]
        var json = JSONBytes()
        json.object { json in
            json.key("numbers")
            json.array(numbers) { json, number in json.int(number) }
            json.key("texts")
            json.array(texts) { json, text in json.string(text) }
            json.key("nested")
            json.object { json in json.key("empty"); json.array([Int]()) { json, n in json.int(n) }; json.member("after", true) }
            json.member("last", 1)
        }
        let data = Data(json.buffer.readableBytesView)
        let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((decoded["numbers"] as? [NSNumber])?.map(\.int64Value) == numbers.map(Int64.init))
        #expect(decoded["texts"] as? [String] == texts)
        #expect((decoded["nested"] as? [String: Any])?["after"] as? Bool == true)
        #expect(decoded["last"] as? Int == 1)
    }

    @Test("what it writes decodes back to the same listing")
    func roundTrip() throws {
        var listing = Self.sample(at: Date(timeIntervalSince1970: 1_764_160_349), full: true)
        listing.updatedAt = listing.createdAt  // the wire has whole seconds
        let data = try #require(try ListingJSON.response(listing).body.data)
        #expect(try JSONDecoder.api.decode(Listing.self, from: data) == listing)
    }
}
