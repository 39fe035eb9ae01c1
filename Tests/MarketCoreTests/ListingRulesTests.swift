@testable import MarketCore
import Testing

@Suite("Listing rules")
struct ListingRulesTests {
    @Test("ISBN-10 and ISBN-13, with or without hyphens, normalize to ISBN-13", arguments: [
        ("0-306-40615-2", "9780306406157"), ("0306406152", "9780306406157"),
        ("978-0-306-40615-7", "9780306406157"), ("080442957X", "9780804429573"), ("0-8044-2957-x", "9780804429573"),
    ])
    func normalizesISBN(input: String, expected: String) {
        #expect(ISBN.normalize(input) == expected)
    }

    @Test("bad checksums and shapes are not ISBNs", arguments: ["0306406153", "9780306406158", "12345", "X306406152", "97803064061X7", ""])
    func rejectsISBN(_ input: String) {
        #expect(ISBN.normalize(input) == nil)
    }

    @Test("course codes normalize to DEPT NUMBER", arguments: [
        ("math124", "MATH 124"), ("Math 124", "MATH 124"), ("cs 106b", "CS 106B"), ("CHEM  1A", "CHEM 1A"),
    ])
    func courseCodes(input: String, expected: String) {
        #expect(CourseCode.normalize(input) == expected)
    }

    @Test("implausible course codes are refused", arguments: ["Calculus", "124", "M 1", "MATH 12345", "MATH 124BC"])
    func rejectsCourseCodes(_ input: String) {
        #expect(CourseCode.normalize(input) == nil)
    }

    @Test("categories round-trip through the stored bit mask")
    func categoryMask() {
        let categories: [ListingCategory] = [.textbooks, .homeAppliances, .other]
        #expect(ListingCategory.from(mask: ListingCategory.mask(categories)) == categories)
    }

    @Test("a rent price needs a unit; a listing needs at least one offer")
    func offers() {
        let noOffer = ListingInput(title: "Lamp", categories: ["furniture"], condition: "good")
        guard case .failure(let errors) = noOffer.validated(defaultCurrency: "USD") else { Issue.record("accepted"); return }
        #expect(errors.fields["offers"] != nil)
        let trade = ListingInput(title: "Lamp", categories: ["furniture"], condition: "good", openToTrade: true)
        #expect((try? trade.validated(defaultCurrency: "EUR").get())?.currency == "EUR")
    }
}
