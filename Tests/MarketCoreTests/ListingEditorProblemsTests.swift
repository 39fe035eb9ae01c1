@testable import MarketCore
import Testing

/// The one question every editor asks before sending a listing (`ListingInput.editorProblems`).
@Suite("Listing editor problems")
struct ListingEditorProblemsTests {
    static func typed(salePrice: String?, photos: Int = 0) -> FieldErrors {
        let (input, typing) = ListingInput.typed(title: "Oak desk", description: nil, categories: ["furniture"], condition: "good",
                                                 author: nil, edition: nil, isbn: nil, courseCode: nil, salePrice: salePrice,
                                                 rentPrice: nil, rentUnit: nil, openToTrade: false, currency: nil)
        return input.editorProblems(typing: typing, photoCount: photos)
    }

    @Test("a price that is no amount is named in its own words, without a second complaint that the listing has no offer")
    func unparsedAmount() {
        let problems = Self.typed(salePrice: "twelve")
        #expect(problems["salePriceCents"] != nil)
        #expect(problems["offers"] == nil)
        #expect(Self.typed(salePrice: nil)["offers"] != nil)  // nothing typed at all: no way to get it
    }

    @Test("the photo limit is one constant with one sentence, for every editor")
    func photoLimit() {
        #expect(Self.typed(salePrice: "12", photos: ListingPhoto.maxPerListing).isEmpty)
        #expect(Self.typed(salePrice: "12", photos: ListingPhoto.maxPerListing + 1)["photos"] == "at most \(ListingPhoto.maxPerListing) photos")
        #expect(ListingPhoto.countProblem(ListingPhoto.maxPerListing + 1) == Self.typed(salePrice: "12", photos: 9)["photos"])
    }
}
