import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Sign in with Apple on the web (Apple's redirect flow, `form_post`), with the local Apple
/// stand-in signing the tokens Apple would post back.
@Suite("Sign in with Apple on the web", .serialized)
struct AppleWebFlowTests {
    static let servicesID = "edu.campus.market.web"

    static func withWebApple(_ apple: AppleStandIn, _ test: (Application) async throws -> Void) async throws {
        try await withTestApp(adjust: { settings in
            settings.appleAudiences = [AppleStandIn.audience, servicesID]
            settings.appleWebServicesID = servicesID
            settings.appleJWKSURL = apple.jwksURL
        }, test)
    }

    /// Where the button sent the browser: Apple's parameters, and the flow cookie it set.
    static func toApple(_ response: TestResponse) throws -> (query: [String: String], cookie: String, attributes: String) {
        #expect(response.status == .seeOther, "\(response.text)")
        let location = try #require(response.headers.first(name: .location))
        #expect(location.hasPrefix(AppleWebFlowController.authorizeURL + "?"))
        let items = URLComponents(string: location)?.queryItems ?? []
        let query = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        let set = try #require(response.headers[.setCookie].first { $0.hasPrefix(AppleWebFlowController.stateCookie + "=") })
        return (query, String(set.split(separator: ";")[0]), set)
    }

    @Test("with no Services ID there is no Apple button and the flow's routes do not exist")
    func offByDefault() async throws {
        try await withTestApp { app in
            let page = try await app.visit("/signin")
            #expect(!page.text.contains("Continue with Apple"))
            let start = try await app.postForm("/signin/apple", fields: ["csrf": page.csrf], cookies: page.cookies)
            #expect(start.status == .notFound)
            #expect(try await app.postForm("/signin/apple/callback", fields: ["state": "x"]).status == .notFound)
        }
    }

    @Test("the button sends the browser to Apple; only the browser that started the flow finishes it, once; a first sign-in makes the account")
    func signIn() async throws {
        let apple = try await AppleStandIn.start()
        try await Self.withWebApple(apple) { app in
            let page = try await app.visit("/signin")
            #expect(page.text.contains("Continue with Apple"))
            let apple1 = try Self.toApple(try await app.postForm("/signin/apple", fields: ["csrf": page.csrf], cookies: page.cookies))
            #expect(apple1.query["client_id"] == Self.servicesID && apple1.query["response_mode"] == "form_post")
            #expect(apple1.query["redirect_uri"] == app.settings.publicURL + "/signin/apple/callback")
            #expect(apple1.attributes.contains("HttpOnly") && apple1.attributes.contains("Secure")
                && apple1.attributes.contains("SameSite=None") && apple1.attributes.contains("Path=/signin/apple/callback"))
            let state = try #require(apple1.query["state"])
            let token = try await apple.token(email: "ada@campus.edu", nonce: nil, nonceHash: apple1.query["nonce"], audience: Self.servicesID)
            let answer = ["state": state, "id_token": token, "user": #"{"name":{"firstName":"Ada","lastName":"Lovelace"}}"#]

            // Apple's post reaching another browser (no flow cookie) is refused and signs no one in.
            let elsewhere = try await app.postForm("/signin/apple/callback", fields: answer)
            #expect(elsewhere.status == .badRequest && elsewhere.text.contains("did not start in this browser"))
            #expect(!elsewhere.headers[.setCookie].contains { $0.hasPrefix(WebSessionCookie.name + "=") && !$0.contains("Max-Age=0") })

            let done = try await app.postForm("/signin/apple/callback", fields: answer, cookies: apple1.cookie)
            #expect(done.status == .seeOther && done.headers.first(name: .location) == "/", "\(done.text)")
            #expect(done.headers[.setCookie].contains { $0.hasPrefix("cm_notice=welcome;") })
            let session = try #require(done.headers[.setCookie].first { $0.hasPrefix(WebSessionCookie.name + "=") })
            let profile = try await app.send(.GET, "/profile", headers: ["Cookie": String(session.split(separator: ";")[0])])
            #expect(profile.text.contains("Your Apple ID is linked") && profile.text.contains("Ada Lovelace"))

            // The same answer again finds its nonce used.
            let replay = try await app.postForm("/signin/apple/callback", fields: answer, cookies: apple1.cookie)
            #expect(replay.status == .unauthorized && replay.text.contains("already used or has expired"))
            // A cancelled flow says so.
            let apple2 = try Self.toApple(try await app.postForm("/signin/apple", fields: ["csrf": page.csrf], cookies: page.cookies))
            let cancelled = try await app.postForm("/signin/apple/callback", fields: ["state": apple2.query["state"] ?? "", "error": "user_cancelled_authorize"],
                                                cookies: apple2.cookie)
            #expect(cancelled.status == .badRequest && cancelled.text.contains("was cancelled"))
        }
        await apple.stop()
    }

    @Test("linking from the profile uses a nonce only that account's flow can use; unlinking works while a password remains")
    func linkAndUnlink() async throws {
        let apple = try await AppleStandIn.start()
        try await Self.withWebApple(apple) { app in
            let account = try await app.register(email: "lin@campus.edu")
            let signedIn = "\(WebSessionCookie.name)=\(account.token)"
            let profile = try await app.visit("/profile", cookies: signedIn)
            #expect(profile.text.contains("Link Apple ID"))
            let flow = try Self.toApple(try await app.postForm("/profile/apple/link", fields: ["csrf": profile.csrf], cookies: profile.cookies))
            let token = try await apple.token(subject: "lin.apple", email: "lin@icloud.com", nonce: nil, nonceHash: flow.query["nonce"],
                                              audience: Self.servicesID)

            // The link's nonce cannot sign anyone in through the API.
            let stolen = try await app.send(.POST, "/api/v1/auth/apple", json: AppleSignInRequest(identityToken: token))
            #expect(try stolen.status == .unauthorized && stolen.error.code == "apple_nonce_invalid")

            // Apple's post carries the flow cookie only (the session cookie is SameSite=Lax).
            let linked = try await app.postForm("/signin/apple/callback", fields: ["state": flow.query["state"] ?? "", "id_token": token], cookies: flow.cookie)
            #expect(linked.status == .seeOther && linked.headers.first(name: .location) == "/profile", "\(linked.text)")
            #expect(linked.headers[.setCookie].contains { $0.hasPrefix("cm_notice=apple-linked;") })
            #expect(try await app.send(.GET, "/api/v1/me", token: account.token).decode(UserProfile.self).appleLinked)

            let again = try await app.visit("/profile", cookies: signedIn)
            #expect(again.text.contains("Unlink Apple ID"))
            let unlinked = try await app.postForm("/profile/apple/unlink", fields: ["csrf": again.csrf], cookies: again.cookies)
            #expect(unlinked.status == .seeOther && unlinked.headers.first(name: .location) == "/profile")
            #expect(unlinked.headers[.setCookie].contains { $0.hasPrefix("cm_notice=apple-unlinked;") })
            #expect(try await !app.send(.GET, "/api/v1/me", token: account.token).decode(UserProfile.self).appleLinked)
        }
        await apple.stop()
    }
}
