import Foundation
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
        ("eecs 281", "EECS 281"), ("EECS-281", "EECS 281"), ("EECS281", "EECS 281"), ("eecs_281", "EECS 281"),
    ])
    func courseCodes(input: String, expected: String) {
        #expect(CourseCode.normalize(input) == expected)
    }

    @Test("implausible course codes are refused", arguments: ["Calculus", "124", "M 1", "MATH 12345", "MATH 124BC"])
    func rejectsCourseCodes(_ input: String) {
        #expect(CourseCode.normalize(input) == nil)
    }

    @Test("a course typed so far becomes a prefix of stored codes", arguments: [
        ("eec", "EEC"), ("eecs 2", "EECS 2"), ("EECS-28", "EECS 28"), ("cs106b", "CS 106B"),
    ])
    func coursePrefix(input: String, expected: String) {
        #expect(CourseCode.prefix(input) == expected)
    }

    @Test("price guidance: nothing below three sales; percentiles interpolated and rounded to whole units")
    func priceFigures() {
        #expect(PriceGuidance.figures(of: [4_000, 4_500]) == nil)
        let figures = PriceGuidance.figures(of: [5_500, 4_000, 4_500])
        #expect(figures?.low == 4_100 && figures?.median == 4_500 && figures?.high == 5_300)
        let many = PriceGuidance.figures(of: Array(stride(from: 1_000, through: 10_000, by: 1_000)))
        #expect(many?.low == 1_900 && many?.median == 5_500 && many?.high == 9_100)
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

    @Test("a listing offers buying, renting or trading to anyone but its seller, only while it is on the market")
    func offersToViewers() {
        let seller = UUID(), buyer = UUID()
        func listing(sale: Int? = 2_500, rent: Int? = nil, trade: Bool = false, status: ListingStatus = .active) -> Listing {
            Listing(id: UUID(), title: "Lamp", description: "", categories: [.furniture], condition: .good, salePriceCents: sale,
                    rentPriceCents: rent, rentUnit: rent == nil ? nil : .day, openToTrade: trade, currency: "USD", textbook: nil,
                    status: status, seller: SellerSummary(id: seller, name: "Sam"), campus: nil, isFeatured: false, featuredUntil: nil,
                    photos: [], createdAt: Date(), updatedAt: Date())
        }
        #expect(listing().offers(.buy, to: buyer))
        #expect(listing().offers(.buy, to: nil), "signed out, the way in is offered: sign in first")
        #expect(!listing().offers(.buy, to: seller))
        #expect(!listing().offers(.rent, to: buyer) && !listing().offers(.trade, to: buyer))
        #expect(listing(sale: nil, rent: 300, trade: true).offers(.rent, to: buyer))
        #expect(listing(sale: nil, rent: 300, trade: true).offers(.trade, to: buyer))
        for status in [ListingStatus.reserved, .sold, .archived] {
            #expect(!listing(status: status).offers(.buy, to: buyer))
        }
    }
}

/// A client built today keeps working when the server adds a status or a kind tomorrow.
@Suite("Enums the server may grow")
struct OpenEnumTests {
    @Test("an unknown listing status, order status or notification kind decodes as .unknown, not a failed page")
    func unknownValues() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode([ListingStatus].self, from: Data(#"["active","teleported"]"#.utf8)) == [.active, .unknown])
        #expect(try decoder.decode([OrderStatus].self, from: Data(#"["completed","on_hold"]"#.utf8)) == [.completed, .unknown])
        #expect(try decoder.decode([NotificationKind].self, from: Data(#"["review_received","price_dropped"]"#.utf8)) == [.reviewReceived, .unknown])
        // "unknown" itself is not a value the server speaks: never among allCases, never parsed as input.
        #expect(!ListingStatus.allCases.contains(.unknown))
        #expect(ListingStatus(known: "unknown") == nil && ListingStatus(known: "hidden") == .hidden)
        #expect(!OrderStatus.unknown.isOpen && !OrderStatus.unknown.isLive)
    }

    @Test("a page carrying a status this client does not know still decodes")
    func pageWithUnknownStatus() throws {
        let json = #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","kind":"price_dropped","message":"Cheaper now","createdAt":"2026-11-25T10:00:00Z"}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let notification = try decoder.decode(MarketNotification.self, from: Data(json.utf8))
        #expect(notification.kind == .unknown && notification.message == "Cheaper now")
    }
}
