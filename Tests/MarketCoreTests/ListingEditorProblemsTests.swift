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

    @Test("a step's answers are what `fields` names: answered once given, asked again once cleared, the other steps untouched")
    func answeringAndClearing() {
        var input = ListingInput(title: "Desk lamp", description: "Works", categories: ["furniture"], condition: "good",
                                 salePriceCents: 900, rentPriceCents: nil, rentUnit: nil, openToTrade: nil, currency: nil,
                                 textbook: TextbookDetails(isbn: "9780306406157"), depositCents: 2_000)
        for step in ListingEditorStep.allCases { #expect(input.hasAnswered(step), "\(step)") }
        input.clear(.prices)
        #expect(!input.hasAnswered(.prices) && input.salePriceCents == nil)
        #expect(input.depositCents == 2_000, "a deposit given as an option is not a question of the step")
        input.clear(.details)
        #expect(!input.hasAnswered(.details) && input.description == nil)
        #expect(input.hasAnswered(.title) && input.hasAnswered(.categories) && input.hasAnswered(.textbook))
    }
}
