import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Every page in the accented pseudo-locale shows no plain English word: each word a student
/// reads comes from the catalog (a word left in a template or a Swift string shows plain). In
/// Spanish, no sentence of the catalog's English source is on any page. The same pages in the
/// right-to-left pseudo-locale are `dir="rtl"`.
@Suite("Pages in the reader's language")
struct LocalizedPagesTests {
    /// What people typed (titles, names, messages) and what is not words (addresses, codes):
    /// shown as it is in every language.
    static let typed: Set<String> = ["Sam", "Seller", "Bea", "Buyer", "Mo", "Moderator", "Desk", "lamp", "Works", "well", "Hello",
                                     "there", "zzzz", "Ada", "Admin", "MATH", "campusmarket", "CampusMarket", "Campus", "Market", "UTC", "USD"]

    /// The pages a student and a moderator open, after a sale, a message and a report.
    static func pages(_ app: Application) async throws -> [(path: String, cookie: String)] {
        let deal = try await app.deal()
        let order = try await app.placeOrder(deal)
        let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
        _ = try await app.sendMessage("Hello there", in: conversation.id, token: deal.buyer.token)
        let moderator = try await app.moderator()
        let admin = try await app.moderator(.admin, name: "Ada Admin")
        let buyer = WebSessionCookie.name + "=" + deal.buyer.token, seller = WebSessionCookie.name + "=" + deal.seller.token
        let listing = "/listings/\(deal.listing.id.wireString)", orderPath = "/orders/\(order.id.wireString)"
        return [("/", ""), ("/?q=lamp", ""), ("/?q=zzzz", ""), (listing, ""), ("/signin", ""), ("/signup", ""), ("/password/forgot", ""),
                ("/", buyer), (listing, buyer), (listing, seller), ("/sell", seller), ("/my/listings", seller), ("/activity", buyer),
                ("/orders", buyer), (orderPath, buyer), (orderPath, seller), ("/offers", buyer), ("/messages", buyer),
                ("/messages/\(conversation.id.wireString)", seller), ("/notifications", seller), ("/profile", buyer),
                ("/saved", buyer), ("/money", seller), ("/money/expenses", buyer), ("/settings/notifications", buyer),
                ("/verify", buyer), ("/report?subject=listing&id=\(deal.listing.id.wireString)", buyer),
                ("/users/\(deal.seller.user.id.wireString)", buyer), ("/moderation", WebSessionCookie.name + "=" + moderator.token),
                ("/moderation/log", WebSessionCookie.name + "=" + admin.token), ("/password/reset?token=cmr_unknown", ""),
                ("/signup/confirm?token=unknown", ""), ("/unsubscribe?token=unknown", ""), ("/verify-email?token=unknown", buyer),
                ("/courses/MATH-221", ""), ("/no-such-page", "")]
    }

    /// The words a reader sees: text between tags and the attributes read aloud or shown.
    static func visibleText(_ html: String) -> String {
        // Scripts, styles and identifiers shown as code (the audit log's actions) are not words.
        var text = html.replacingOccurrences(of: #"<(script|style|code)[^>]*>[\s\S]*?</\1>"#, with: " ", options: .regularExpression)
        var attributes: [String] = []
        for match in text.matches(of: /(?:placeholder|aria-label|title|alt)="([^"]*)"/) { attributes.append(String(match.1)) }
        text = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        return (text + " " + attributes.joined(separator: " "))
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    }

    /// Plain English words left once the pseudo-locale's bracketed phrases are taken out.
    static func plainWords(_ text: String) -> Set<String> {
        var rest = text
        while let range = rest.range(of: #"\[[^\[\]]*\]"#, options: .regularExpression) { rest.replaceSubrange(range, with: " ") }
        // Addresses are typed too; each language in the picker is named in itself.
        rest = rest.replacingOccurrences(of: #"\S+@\S+|[\w-]+(\.[\w-]+)+"#, with: " ", options: .regularExpression)
        for name in Localizer.nativeNames.values { rest = rest.replacingOccurrences(of: name, with: " ") }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return Set(rest.matches(of: /[A-Za-z]{3,}/).map { String($0.0) }.filter { word in
            !typed.contains(word) && !months.contains(word)
        })
    }

    /// Each page as its visitor gets it with `acceptLanguage`: its path, whether signed in, the page.
    static func eachPage(_ acceptLanguage: String, _ check: (String, Bool, TestResponse) throws -> Void) async throws {
        try await withTestApp { app in
            for (path, cookie) in try await pages(app) {
                try check(path, !cookie.isEmpty, try await app.send(.GET, path, headers: ["Cookie": cookie, "Accept-Language": acceptLanguage]))
            }
        }
    }

    @Test("the accented pseudo-locale: every word on every page comes from the catalog; the page says its language")
    func accented() async throws {
        try await Self.eachPage("en-XA") { path, signedIn, page in
            #expect(page.text.contains(#"<html lang="en-XA" dir="ltr">"#), "\(path)")
            #expect(page.headers.first(name: .contentLanguage) == "en-XA", "\(path)")
            let plain = Self.plainWords(Self.visibleText(page.text))
            #expect(plain.isEmpty, "\(path) \(signedIn ? "signed in" : "signed out"): \(plain.sorted())")
        }
    }

    @Test("the right-to-left pseudo-locale mirrors every page")
    func rightToLeft() async throws {
        try await Self.eachPage("ar-XB") { path, _, page in
            #expect(page.text.contains(#"<html lang="ar-XB" dir="rtl">"#), "\(path)")
        }
    }

    @Test("Spanish: no sentence of the English source is left on any page")
    func spanish() async throws {
        // The source's sentences long enough to be sure of (a short word may be Spanish too).
        let spanish = try #require(Localizer.for("es"))
        let sentences = Localizer.shippedCatalog.entries.keys.filter { spanish.string(Phrase($0)) != Localizer.english.string(Phrase($0)) }
            .map { $0.replacingOccurrences(of: #"%(\d\$)?(@|lld|d)"#, with: "\u{0}", options: .regularExpression) }
            .flatMap { $0.split(separator: "\u{0}").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { $0.count >= 14 && $0.contains(" ") }
        try await Self.eachPage("es-MX,es;q=0.9,en;q=0.5") { path, _, page in
            #expect(page.text.contains(#"<html lang="es" dir="ltr">"#), "\(path)")
            let text = Self.visibleText(page.text)
            let english = sentences.filter { text.contains($0) }
            #expect(english.isEmpty, "\(path): \(english)")
        }
        // Nor any key the catalog has no Spanish for (shown in English), in these pages or others.
        #expect(Localizer.keysMissingATranslation.isEmpty, "\(Localizer.keysMissingATranslation.sorted())")
    }
}
