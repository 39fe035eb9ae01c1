import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// The web app's guards, checked over HTTP without a browser (the browser tests in
/// `tests/browser` drive the same pages in Chromium).
@Suite("Web app: sessions, CSRF, headers, error pages")
struct WebSecurityTests {
    @Test("every page carries a CSP without unsafe-inline, no framing, a referrer policy and nosniff")
    func headers() async throws {
        try await withTestApp { app in
            let page = try await app.send(.GET, "/signin")
            let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
            #expect(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(page.headers.first(name: "X-Frame-Options") == "DENY")
            #expect(page.headers.first(name: "Referrer-Policy") == "same-origin")
            #expect(page.headers.first(name: "X-Content-Type-Options") == "nosniff")
            #expect(page.headers.first(name: .cacheControl) == "no-store")
            #expect(page.headers.first(name: "Strict-Transport-Security") == nil)  // served over http: no HSTS
        }
    }

    @Test("a market whose PUBLIC_URL is https sends HSTS on every answer, pages, API and errors")
    func strictTransportSecurity() async throws {
        try await withTestApp(adjust: { $0.publicURL = "https://market.campus.edu" }) { app in
            for path in ["/signin", "/api/v1/listings", "/no-such-page", "/healthz"] {
                let answer = try await app.send(.GET, path)
                #expect(answer.headers.first(name: "Strict-Transport-Security") == "max-age=31536000; includeSubDomains", "\(path)")
            }
        }
    }

    @Test("the feed's links carry what was typed escaped, and plain values as they are")
    func feedLinksEscaped() async throws {
        try await withTestApp { app in
            let page = try await app.send(.GET, "/?q=caf%C3%A9%20%26%20desk%3Cb%3E&category=furniture&view=grid")
            // The list view's link: the words percent-escaped (UTF-8 beyond ASCII too), the
            // category as it is, `&` between parameters written as `&amp;` in the attribute.
            #expect(page.text.contains(#"href="/?q=caf%C3%A9%20%26%20desk%3Cb%3E&amp;category=furniture""#))
            #expect(page.text.contains(#"href="/?q=caf%C3%A9%20%26%20desk%3Cb%3E&amp;category=textbooks&amp;view=grid""#))
        }
    }

    @Test("a form posted without its CSRF token, or with another visitor's, is a 403 page")
    func csrf() async throws {
        try await withTestApp { app in
            let mine = try await app.visit("/signup")
            let theirs = try await app.visit("/signup")
            let form = "name=Ada&email=ada%40campus.edu&password=correct+horse+battery"

            let missing = try await app.postForm("/signup", form, cookies: mine.cookies)
            let stolen = try await app.postForm("/signup", form + "&csrf=" + theirs.csrf, cookies: mine.cookies)

            #expect(missing.status == .forbidden && missing.text.contains("reload the page"))
            #expect(stolen.status == .forbidden)
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: "correct horse battery")).status == .unauthorized)
        }
    }

    @Test("signing up sets an HttpOnly SameSite=Lax session cookie that signs the pages in, and sign-out revokes it")
    func sessionCookie() async throws {
        try await withTestApp { app in
            let visitor = try await app.visit("/signup")
            let signedUp = try await app.postForm("/signup", "name=Ada+Lovelace&email=ada%40campus.edu&password=correct+horse+battery&csrf=\(visitor.csrf)",
                                          cookies: visitor.cookies)
            #expect(signedUp.status == .seeOther)
            let cookie = try #require(signedUp.headers[.setCookie].first { $0.hasPrefix(WebSessionCookie.name + "=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
            let session = String(cookie.split(separator: ";")[0])

            let profile = try await app.send(.GET, "/profile", headers: ["Cookie": session])
            #expect(profile.status == .ok && profile.text.contains("ada@campus.edu"))

            let signedIn = try await app.visit("/profile", cookies: session)
            _ = try await app.postForm("/signout", "csrf=\(signedIn.csrf)", cookies: session)
            let after = try await app.send(.GET, "/profile", headers: ["Cookie": session])
            #expect(after.status == .seeOther && after.headers.first(name: .location)?.hasPrefix("/signin") == true)
        }
    }

    @Test("a confirmation shows once, on the page after the action: not in the address, not again on reload")
    func noticeShowsOnce() async throws {
        try await withTestApp { app in
            let visitor = try await app.visit("/signup")
            let signedUp = try await app.postForm("/signup", "name=Ada+Lovelace&email=ada%40campus.edu&password=correct+horse+battery&csrf=\(visitor.csrf)",
                                                  cookies: visitor.cookies)
            let location = try #require(signedUp.headers.first(name: .location))
            #expect(!location.contains("notice"))
            let cookies = signedUp.headers[.setCookie].map { String($0.split(separator: ";")[0]) }
            #expect(cookies.contains("cm_notice=welcome"))
            let jar = cookies.joined(separator: "; ")
            let first = try await app.send(.GET, location, headers: ["Cookie": jar])
            #expect(first.text.contains("Welcome to CampusMarket! Your account is ready."))
            // The page that showed it tells the browser to forget it.
            #expect(first.headers[.setCookie].contains { $0.hasPrefix("cm_notice=;") && $0.contains("Max-Age=0") })
            let session = cookies.filter { $0.hasPrefix(WebSessionCookie.name + "=") }.joined()
            let reload = try await app.send(.GET, location, headers: ["Cookie": session])
            #expect(reload.status == .ok && !reload.text.contains("Welcome to CampusMarket!"))
            // An old address with ?notice= in it no longer says anything.
            #expect(!(try await app.send(.GET, "/?notice=welcome", headers: ["Cookie": session]).text.contains("Welcome to CampusMarket!")))
        }
    }

    /// What a WHATWG URL parser reads as another host: tabs and newlines it drops, a backslash it
    /// reads as a slash, and the encoded forms of each.
    @Test("sign-in never redirects off the site", arguments: [
        "https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example",
        "/\r/evil.example", "/ /evil.example", "\t//evil.example", "/\\/evil.example", "/%2F/evil.example",
        "/%5C/evil.example", "/%5c%5cevil.example", "/\u{0B}/evil.example", "/\u{00A0}/evil.example",
        "/\u{3000}/evil.example", "/\u{FF0F}evil.example", "/\u{7F}/evil.example", "javascript:alert(1)", "", "evil.example",
    ])
    func noOpenRedirect(next: String) async throws {
        #expect(AuthPagesController.safeNext(next) == "/")
        #expect(AuthPagesController.safeNext("/orders?role=seller") == "/orders?role=seller")
        #expect(AuthPagesController.safeNext("/listings/abc#photos") == "/listings/abc#photos")
    }

    @Test("the sign-in form sends a browser home when next= hides another host behind a tab")
    func noOpenRedirectThroughTheForm() async throws {
        try await withTestApp { app in
            _ = try await app.register(email: "ann@example.com", password: "correct horse battery")
            let page = try await app.visit("/signin?next=/%09/evil.example")
            #expect(!page.text.contains("evil.example"))
            let signedIn = try await app.postForm("/signin", "csrf=\(page.csrf)&identifier=ann%40example.com&password=correct+horse+battery&next=%2F%09%2Fevil.example",
                                                  cookies: page.cookies)
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.headers.first(name: .location) == "/")
        }
    }

    @Test("a typed title is shown as text, never as markup, on its page and on every list of cards")
    func escaping() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(.sample("<script>alert(1)</script> \"lamp' & co"), token: seller.token)
            let sellerID = seller.user.id.uuidString.lowercased()
            let cookies = WebSessionCookie.name + "=" + seller.token  // the cookie holds an API token
            for path in ["/listings/\(listing.id.uuidString.lowercased())", "/", "/?q=lamp", "/users/\(sellerID)", "/my/listings"] {
                let page = try await app.send(.GET, path, headers: ["Cookie": cookies])
                #expect(page.status == .ok, "\(path)")
                #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;lamp&#39; &amp; co"), "\(path)")
                #expect(!page.text.contains("<script>alert(1)"), "\(path)")
            }
        }
    }

    @Test("unknown pages and missing listings are HTML 404 pages; the API keeps its JSON errors")
    func errorPages() async throws {
        try await withTestApp { app in
            let page = try await app.send(.GET, "/no-such-page")
            let listing = try await app.send(.GET, "/listings/\(UUID().uuidString)")
            let api = try await app.send(.GET, "/api/v1/no-such-route")

            #expect(page.status == .notFound && page.headers.contentType?.subType == "html" && page.text.contains("<h1>Not found</h1>"))
            #expect(listing.status == .notFound && listing.text.contains("There is no listing with this id."))
            #expect(api.status == .notFound && api.headers.contentType == .json)
        }
    }
}
