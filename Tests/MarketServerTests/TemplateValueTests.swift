import Foundation
@testable import MarketServer
import Testing

/// Content written as template values by hand (`TemplateValueConvertible`, for speed) must say
/// what the compiler's `Encodable` says (`TemplateEncoder`, for every other page): same keys,
/// same values.
@Suite("Web app: template values written by hand match the compiler's encoding")
struct TemplateValueTests {
    /// The compiler's encoding leaves a nil optional out; the hand-written one writes nil, which
    /// a template reads the same as a missing key.
    private func withoutNils(_ value: TemplateValue) -> TemplateValue {
        switch value {
        case .object(let fields): .object(fields.filter { $0.value != .null }.mapValues(withoutNils))
        case .array(let items): .array(items.map(withoutNils))
        default: value
        }
    }

    /// The key paths where two values differ, for a short failure message.
    private func differences(_ a: TemplateValue, _ b: TemplateValue, at path: String = "") -> [String] {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            Set(x.keys).union(y.keys).sorted().flatMap { differences(x[$0] ?? .null, y[$0] ?? .null, at: path + "." + $0) }
        case (.array(let x), .array(let y)) where x.count == y.count:
            zip(x, y).enumerated().flatMap { differences($1.0, $1.1, at: path + "[\($0)]") }
        default:
            a == b ? [] : [path]
        }
    }

    private func expectSame<Content: Encodable & TemplateValueConvertible>(_ content: Content) throws {
        let compilers = try TemplateEncoder.encode(content)
        #expect(differences(withoutNils(content.templateValue), compilers) == [])
        guard case .object(let fields) = compilers else { Issue.record("not an object"); return }
        #expect(fields.count > 1)
    }

    @Test("a listing's page, every optional given and every list with an item")
    func listingPage() throws {
        let field = FormField("cash", "Cash on top", value: "12", errors: ["cash": "must be an amount"], hint: "Optional.")
        let month = RentalCalendar.Month(caption: "November 2026", weeks: [[.init(number: "1", booked: true, past: false, label: "1, booked")]])
        let content = ListingPageContent(
            id: "id-1", title: "Calculus", description: "Good as new", prices: ["$10.00", "$1.00 / day"],
            priceGuidance: "Sold on campus for $40–$55", status: "Active", isActive: true, isFeatured: true,
            featuredUntil: "Nov 30, 9:00 AM", photos: [.init(image: "<img src=\"/photos/a\" alt=\"Photo 1\">", counter: "1 / 2"), .init(image: "<img src=\"/photos/b\" alt=\"Photo 2\">", counter: "2 / 2")],
            facts: [.init(term: "Course", value: "MATH 101", href: "/courses/math-101")],
            seller: .init(id: "s-1", name: "Maya", campus: "berkeley.edu", verified: true, rating: "4.5 ★ (2)",
                          memberSince: "Nov 26, 2026", activeListings: "2 listings", contact: "Replies within a day",
                          latestReview: "“Great” — Sam, Calculus, November 2026"),
            primaryAction: .init(label: "Buy for $10.00", href: "#buy-heading"), signedIn: true, isOwner: false,
            isSaved: true, savedBy: "Saved by 2 people", canBuy: true, canRent: true, showsBookings: true, canTrade: true,
            featureFee: "$2.00", canCancelFeature: false, salePrice: "$10.00", zoneFields: [field],
            quote: .init(id: "q-1", fee: "$3.00", total: "$13.00", duration: "about 20 min", dropoff: "North", expires: "9:10 AM"),
            buyError: "Sold already.", rentUnit: "day", deposit: "$50.00", rentFields: [field], rentPreview: "2 days × $1.00 = $2.00",
            rentError: "Booked then.", calendar: [month], bookedPeriods: ["Nov 27 – Nov 28"],
            myListings: [.init(id: "m-1", title: "Lamp", checked: true)], cashFields: [field], tradeError: "Your offer is empty.",
            ownerError: "It has an open order.")
        try expectSame(content)
    }

    @Test("the feed page, every optional given and every list with an item")
    func feedPage() throws {
        let content = FeedController.Content(
            q: "calculus", heading: "Textbooks", chips: [.init(label: "Textbooks", href: "/?category=textbooks", selected: true)],
            filters: [FormField("q", "Search", value: "calculus")], category: "textbooks", view: "grid",
            listHref: "/?view=list", gridHref: "/?view=grid", listings: "<li>card</li>", summary: "3 listings",
            moreHref: "/?cursor=abc", suggestion: "Try a shorter word.", clearHref: "/?q=calculus",
            errors: ["Min price must be a number."], saveSearch: [.init(name: "q", value: "calculus")])
        try expectSame(content)
    }

    @Test("the layout every page shares")
    func layout() throws {
        var layout = PageLayout(title: "Books", csrf: "token", viewerName: "Maya", viewerID: "u-1", unreadCount: 2,
                                messageUnreadCount: 1, notice: "Saved.", path: "/", searchText: "calculus")
        layout.menuUnreadCount = 3
        layout.verificationRequired = true
        layout.isModerator = true
        layout.timeZone = "Pacific Time (PST)"
        try expectSame(layout)
    }
}
