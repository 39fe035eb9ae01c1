import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import SQLKit
import Testing
import Vapor

/// A student's privacy settings: who sees their contact, whether their profile and listings show
/// outside their campus, how their name reads to others. New accounts start private.
@Suite("Privacy settings")
struct PrivacySettingsTests {
    /// A verified Michigan seller with a phone number and one listing, and the people who look.
    struct Scene {
        var seller: AuthResponse
        var listing: MarketCore.Listing
        var classmate: AuthResponse  // verified, Michigan
        var unverified: AuthResponse  // a Michigan address, not verified
        var texan: AuthResponse  // verified, Texas
        var texanModerator: AuthResponse
    }

    static func scene(_ app: Application) async throws -> Scene {
        let seller = try await app.verifiedStudent("Sam Seller")
        #expect(try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(contact: ContactMethod(kind: .phone, value: "+1 734 555 0100")),
                                   token: seller.token).status == .ok)
        let listing = try await app.createListing(.sample("Oak desk lamp"), token: seller.token)
        let texan = try await app.register(email: "tex\(UUID().uuidString.prefix(6))@utexas.edu", name: "Tex Ann")
        try await app.markVerified(texan)
        let texanModerator = try await app.register(email: "mod\(UUID().uuidString.prefix(6))@utexas.edu", name: "Tex Mod")
        try await app.markVerified(texanModerator)
        try await app.runCommand(["users", "grant", texanModerator.user.email, "moderator"])
        return Scene(seller: seller, listing: listing, classmate: try await app.verifiedStudent("Cla Mate"),
                     unverified: try await app.register(email: "new\(UUID().uuidString.prefix(6))@umich.edu", name: "New Comer"),
                     texan: texan, texanModerator: texanModerator)
    }

    static func privacy(_ app: Application, _ update: PrivacyUpdate, token: String) async throws -> UserProfile {
        let response = try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(privacy: update), token: token)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(UserProfile.self)
    }

    static func seesListing(_ app: Application, _ id: UUID, token: String?) async throws -> Bool {
        let detail = try await app.send(.GET, "/api/v1/listings/\(id)", token: token).status
        let listed = try await app.searchListings("campus=all&q=oak", token: token).items.contains { $0.id == id }
        #expect((detail == .ok) == listed, "the listing's page and the search disagree")
        return detail == .ok
    }

    static func seesProfile(_ app: Application, _ id: UUID, token: String?) async throws -> Bool {
        let profile = try await app.send(.GET, "/api/v1/users/\(id)", token: token).status
        let reviews = try await app.send(.GET, "/api/v1/users/\(id)/reviews", token: token).status
        #expect(profile == reviews, "the profile and its reviews disagree")
        return profile == .ok
    }

    @Test("a new account starts private: contact to nobody, profile and listings on its verified campus only, name as first and initial")
    func privateDefaults() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let scene = try await Self.scene(app)
            let me = try await app.send(.GET, "/api/v1/me", token: scene.seller.token).decode(UserProfile.self)
            #expect(me.privacy == .private && me.name == "Sam Seller")

            // A verified classmate sees the listing in their feed and its page, the name shortened, no contact.
            #expect(try await Self.seesListing(app, scene.listing.id, token: scene.classmate.token))
            #expect(try await app.searchListings("", token: scene.classmate.token).items.map(\.id) == [scene.listing.id])
            let seen = try await app.listing(scene.listing.id, token: scene.classmate.token)
            #expect(seen.seller.name == "Sam S." && seen.seller.contact == nil)
            #expect(try await Self.seesProfile(app, scene.seller.user.id, token: scene.classmate.token))

            // Signed out, unverified, or of another campus: as if there were no such listing or person.
            for token in [nil, scene.unverified.token, scene.texan.token] {
                #expect(try await !Self.seesListing(app, scene.listing.id, token: token))
                #expect(try await !Self.seesProfile(app, scene.seller.user.id, token: token))
            }
            #expect(try await app.send(.GET, "/listings/\(scene.listing.id.uuidString.lowercased())").status == .notFound)
            #expect(try await app.send(.GET, "/users/\(scene.seller.user.id.uuidString.lowercased())").status == .notFound)
            #expect(try await app.send(.PUT, "/api/v1/me/favorites/\(scene.listing.id)", token: scene.texan.token).status == .notFound)

            // A moderator of any campus sees it (reports reach them); the seller sees their own.
            #expect(try await Self.seesListing(app, scene.listing.id, token: scene.texanModerator.token))
            #expect(try await Self.seesProfile(app, scene.seller.user.id, token: scene.texanModerator.token))
            #expect(try await Self.seesListing(app, scene.listing.id, token: scene.seller.token))
        }
    }

    @Test("each choice changes what others see at once, listings made before included; the name follows a rename")
    func choices() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let scene = try await Self.scene(app)
            let id = scene.listing.id

            var profile = try await Self.privacy(app, PrivacyUpdate(contactAudience: .campus), token: scene.seller.token)
            #expect(profile.privacy.contactAudience == .campus && !profile.privacy.shownOutsideCampus)
            #expect(try await app.listing(id, token: scene.classmate.token).seller.contact?.value == "+1 734 555 0100")
            #expect(try await app.listing(id, token: scene.classmate.token).seller.name == "Sam S.")

            profile = try await Self.privacy(app, PrivacyUpdate(shownOutsideCampus: true), token: scene.seller.token)
            #expect(profile.privacy.contactAudience == .campus && profile.privacy.shownOutsideCampus)  // the other setting kept
            for token in [nil, scene.unverified.token, scene.texan.token] {
                #expect(try await Self.seesListing(app, id, token: token))
                #expect(try await Self.seesProfile(app, scene.seller.user.id, token: token))
            }
            // Shown on every campus, the contact still goes to the campus only.
            #expect(try await app.listing(id, token: scene.texan.token).seller.contact == nil)
            #expect(try await app.listing(id, token: scene.unverified.token).seller.contact == nil)

            _ = try await Self.privacy(app, PrivacyUpdate(contactAudience: .signedIn, nameStyle: .full), token: scene.seller.token)
            #expect(try await app.listing(id, token: scene.texan.token).seller.contact?.value == "+1 734 555 0100")
            #expect(try await app.listing(id).seller.contact == nil)  // signed out: never
            #expect(try await app.listing(id).seller.name == "Sam Seller")

            // A new name reads in the chosen style everywhere another person sees it.
            _ = try await Self.privacy(app, PrivacyUpdate(nameStyle: .firstAndInitial), token: scene.seller.token)
            #expect(try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(name: "Samuel Okafor"), token: scene.seller.token).status == .ok)
            #expect(try await app.listing(id, token: scene.texan.token).seller.name == "Samuel O.")
            let conversation = try await app.openConversation(about: id, token: scene.texan.token)
            #expect(conversation.otherUser.name == "Samuel O.")
            #expect(try await app.send(.GET, "/api/v1/me", token: scene.seller.token).decode(UserProfile.self).name == "Samuel Okafor")

            // Back to the campus only: the listing made before leaves the other campuses again.
            _ = try await Self.privacy(app, PrivacyUpdate(shownOutsideCampus: false), token: scene.seller.token)
            #expect(try await !Self.seesListing(app, id, token: scene.texan.token))
            #expect(try await Self.seesListing(app, id, token: scene.classmate.token))
        }
    }

    @Test("a saved search of a student outside the campus never hears of a campus-only listing; one on the campus does")
    func savedSearchAlerts() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let texan = try await app.register(email: "tex@utexas.edu", name: "Tex Ann")
            try await app.markVerified(texan)
            let classmate = try await app.verifiedStudent("Cla Mate")
            for student in [texan, classmate] {
                #expect(try await SavedSearchTests.save(app, ListingQuery(text: "lamp"), token: student.token).status == .created)
            }
            let seller = try await app.verifiedStudent("Sam Seller")
            _ = try await app.createListing(.sample("Oak desk lamp"), token: seller.token)
            #expect(try await SavedSearchTests.alerts(app, token: classmate.token).count == 1)
            #expect(try await SavedSearchTests.alerts(app, token: texan.token).isEmpty)
        }
    }

    @Test("a setting the server does not know is named, and nothing of the request changes")
    func badSetting() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.verifiedStudent("Sam Seller")
            let response = try await app.send(.PATCH, "/api/v1/me", rawBody: #"{"name":"Other Name","privacy":{"contactAudience":"everyone","nameStyle":"nickname"}}"#,
                                              token: seller.token)
            #expect(response.status == .unprocessableEntity)
            let fields = try response.error.fields ?? [:]
            #expect(fields["privacy.contactAudience"]?.contains("nobody, campus, signedIn") == true)
            #expect(fields["privacy.nameStyle"]?.contains("full, firstAndInitial") == true)
            let me = try await app.send(.GET, "/api/v1/me", token: seller.token).decode(UserProfile.self)
            #expect(me.name == "Sam Seller" && me.privacy == .private)
        }
    }

    @Test("an account made before the settings keeps what it was shown as: the columns' defaults, and the migration names it in full")
    func olderAccounts() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            // A row as the table held it before the settings: only the older columns written.
            let id = UUID()
            try await app.db.sql.raw("""
                INSERT INTO users (id, email, name, password_hash, created_at, campus_email, campus_verified_at)
                VALUES (\(bind: id), 'old.timer@umich.edu', 'Old Timer', NULL, \(bind: Date()), 'old.timer@umich.edu', \(bind: Date()))
                """).run()
            try await UpdateUserAddPrivacy.nameOlderAccounts(on: app.db)
            let user = try #require(try await UserRecord.find(id, on: app.db))
            #expect(user.privacy == .unchanged && user.publicName == "Old Timer")
            #expect(try await app.send(.GET, "/api/v1/users/\(id)").decode(SellerSummary.self).name == "Old Timer")
        }
    }

    @Test("the profile page's privacy form: the choices in the student's own terms, saved at once; a made-up choice named beside its field, the others kept")
    func webForm() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.verifiedStudent("Sam Seller")
            let cookie = TrustPagesTests.cookie(seller)
            let page = try await app.visit("/profile", cookies: cookie)
            #expect(page.text.contains("Who sees your contact details") && page.text.contains("Nobody: buyers message me here"))
            #expect(page.text.contains(#"<option value="firstAndInitial" selected>Sam S.</option>"#), "\(page.text)")
            #expect(page.text.contains(#"<option value="no" selected>My campus only</option>"#))

            let bad = try await app.postForm("/profile/privacy", fields: ["csrf": page.csrf, "contactAudience": "everyone",
                                                                            "shownOutsideCampus": "yes", "nameStyle": "full"], cookies: page.cookies)
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.text.contains("must be one of nobody, campus, signedIn"))
            #expect(bad.text.contains(#"<option value="yes" selected>"#) && bad.text.contains(#"<option value="full" selected>Sam Seller</option>"#))
            #expect(try await app.send(.GET, "/api/v1/me", token: seller.token).decode(UserProfile.self).privacy == .private)

            let saved = try await app.postForm("/profile/privacy", fields: ["csrf": page.csrf, "contactAudience": "campus",
                                                                              "shownOutsideCampus": "yes", "nameStyle": "full"], cookies: page.cookies)
            #expect(saved.status == .seeOther && saved.headers.first(name: .location)?.hasPrefix("/profile") == true)
            let now = try await app.send(.GET, "/api/v1/me", token: seller.token).decode(UserProfile.self).privacy
            #expect(now == PrivacySettings(contactAudience: .campus, shownOutsideCampus: true, nameStyle: .full))
            #expect(try await app.visit("/users/\(seller.user.id.uuidString.lowercased())").text.contains("Sam Seller"))
        }
    }
}
