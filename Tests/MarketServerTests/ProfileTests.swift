import Fluent
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Profile: /me")
struct ProfileTests {
    @Test("/me needs a token")
    func needsToken() async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "/api/v1/me")

            #expect(response.status == .unauthorized)
            #expect(response.headers.first(name: "WWW-Authenticate") == "Bearer")
        }
    }

    @Test("updates name, username and contact; only given fields change")
    func updatesProfile() async throws {
        try await withTestApp { app in
            let auth = try await app.register(name: "Ada")

            let response = try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(
                username: "Ada.L", contact: ContactMethod(kind: .phone, value: " +1 206 555 0100 ")), token: auth.token)

            #expect(response.status == .ok)
            let profile = try response.decode(UserProfile.self)
            #expect(profile.name == "Ada")
            #expect(profile.username == "ada.l")
            #expect(profile.contact == ContactMethod(kind: .phone, value: "+1 206 555 0100"))
            let reread = try await app.send(.GET, "/api/v1/me", token: auth.token).decode(UserProfile.self)
            #expect(reread == profile)
        }
    }

    @Test("invalid profile fields are 422 and change nothing")
    func rejectsInvalidUpdate() async throws {
        try await withTestApp { app in
            let auth = try await app.register(name: "Ada")

            let response = try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(
                name: "Grace", contact: ContactMethod(kind: .email, value: "nope")), token: auth.token)

            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?["contact.value"] != nil)
            #expect(try await app.send(.GET, "/api/v1/me", token: auth.token).decode(UserProfile.self).name == "Ada")
        }
    }

    @Test("taking another user's username is 409")
    func usernameTaken() async throws {
        try await withTestApp { app in
            try await app.register(username: "grace")
            let auth = try await app.register()

            let response = try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(username: "GRACE"), token: auth.token)

            #expect(response.status == .conflict)
            #expect(try response.error.fields?["username"] != nil)
        }
    }

    @Test("changing the password needs the current one, then only the new one signs in and other devices are signed out")
    func changesPassword() async throws {
        try await withTestApp { app in
            let phone = try await app.register(email: "ada@campus.edu", password: "old password")
            let laptop = try await app.login(LoginRequest(email: "ada@campus.edu", password: "old password")).decode(AuthResponse.self)

            let wrong = try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(currentPassword: "not it", newPassword: "new password"), token: phone.token)
            let missing = try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(newPassword: "new password"), token: phone.token)
            let changed = try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(currentPassword: "old password", newPassword: "new password"), token: phone.token)

            #expect(wrong.status == .unprocessableEntity)
            #expect(try wrong.error.fields?["currentPassword"] == "is incorrect")
            #expect(missing.status == .unprocessableEntity)
            #expect(try missing.error.fields?["currentPassword"] != nil)
            #expect(changed.status == .ok)
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: "old password")).status == .unauthorized)
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: "new password")).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/me", token: phone.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/me", token: laptop.token).status == .unauthorized)
        }
    }

    @Test("a deleted account cannot sign in or use its tokens, and its email can register again")
    func deletesAccount() async throws {
        try await withTestApp { app in
            let auth = try await app.register(email: "ada@campus.edu", password: "correct horse", username: "ada")

            let response = try await app.deleteAccount(token: auth.token, password: "correct horse")

            #expect(response.status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/me", token: auth.token).status == .unauthorized)
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: "correct horse")).status == .unauthorized)
            #expect(try await app.login(LoginRequest(username: "ada", password: "correct horse")).status == .unauthorized)
            #expect(try await UserTokenRecord.query(on: app.db).count() == 0)
            // The row stays (anonymised) so that records naming it never dangle.
            let row = try #require(try await UserRecord.find(auth.user.id, on: app.db))
            #expect(row.deletedAt != nil)
            #expect(row.passwordHash == nil)
            #expect(row.name == "Deleted user")
            let again = try await app.register(email: "ada@campus.edu", username: "ada")
            #expect(again.user.id != auth.user.id)
        }
    }

    @Test("deleting an account archives its listings in the same step, so nobody can find them to buy")
    func deletionArchivesListings() async throws {
        try await withTestApp { app in
            let leaving = try await app.register()
            let staying = try await app.register()
            let listing = try await app.createListing(.sample("Futon"), token: leaving.token)
            try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: leaving.token)
            try await app.createListing(.sample("Futon frame"), token: staying.token)

            try await app.deleteAccount(token: leaving.token)

            #expect(try await app.titles("q=futon") == ["Futon frame"])
            // Archived, it is its seller's alone, and the seller is gone: nobody finds it.
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: staying.token).status == .notFound)
            let row = try #require(try await ListingRecord.find(listing.id, on: app.db))
            #expect(row.status == ListingStatus.archived.rawValue)
            #expect(row.featuredUntil == nil)
        }
    }

    @Test("a stolen token alone cannot delete an account: the password is asked for, and a wrong one is counted like a failed sign-in")
    func deletionNeedsPassword() async throws {
        try await withTestApp { app in
            let auth = try await app.register()

            let bare = try await app.send(.DELETE, "/api/v1/me", token: auth.token)
            let missing = try await app.deleteAccount(token: auth.token, password: nil)
            let wrong = try await app.deleteAccount(token: auth.token, password: "not my password")

            #expect(bare.status == .unprocessableEntity)
            #expect(try bare.error.fields?["password"] != nil)
            #expect(missing.status == .unprocessableEntity)
            #expect(try missing.error.fields?["password"] != nil)
            #expect(wrong.status == .unprocessableEntity)
            #expect(try wrong.error.code == "wrong_password")
            #expect(try await app.send(.GET, "/api/v1/me", token: auth.token).status == .ok, "nothing was deleted")
            // (The sign-up's own throttle row aside.)
            #expect(try await LoginFailureRecord.query(on: app.db).all().filter { !$0.accountKey.hasPrefix("register:") }.count == 1)
        }
    }

    @Test("an account with no password confirms deletion with a sign-in no older than 10 minutes")
    func deletionWithoutPassword() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let auth = try await app.register()
            try await UserRecord.query(on: app.db).filter(\.$id == auth.user.id).set(\.$passwordHash, to: nil).update()

            clock.advance(by: 11 * 60)
            let stale = try await app.deleteAccount(token: auth.token, password: nil)
            #expect(stale.status == .unauthorized)
            #expect(try stale.error.code == "reauthentication_required")
            #expect(try await app.send(.GET, "/api/v1/me", token: auth.token).status == .ok)

            clock.advance(by: -11 * 60 + 9 * 60)
            #expect(try await app.deleteAccount(token: auth.token, password: nil).status == .noContent)
        }
    }
}
