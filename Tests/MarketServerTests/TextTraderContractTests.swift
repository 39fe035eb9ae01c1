import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Text Trader's app must work unchanged: its exact bodies (from its design: the email sent as
/// the username), `x-api-key` on every call, `{"message"}` errors with 400/401/409/429.
@Suite("Text Trader contract")
struct TextTraderContractTests {
    static let strongPassword = "abc123 plus more"

    /// An operator-issued key, as `campusmarket create-api-key` makes it.
    static func issueKey(_ app: Application, name: String = "texttrader-ios") async throws -> String {
        try await APIKeys(database: app.db, now: Date()).create(name: name)
    }

    static func headers(_ key: String, token: String? = nil) -> HTTPHeaders {
        var headers = HTTPHeaders([(TextTrader.apiKeyHeader, key)])
        if let token { headers.bearerAuthorization = .init(token: token) }
        return headers
    }

    /// Registers and logs in through the contract; returns the login token.
    static func signUp(_ app: Application, key: String, email: String = "name@email.com", name: String = "name") async throws -> String {
        let registered = try await app.send(.POST, "/texttrader/register", json: TextTrader.RegisterRequest(
            name: name, email: email, username: email, password: strongPassword), headers: headers(key))
        #expect(registered.status == .ok, "\(registered.text)")
        let login = try await app.send(.POST, "/texttrader/login", json: TextTrader.LoginRequest(username: email, password: strongPassword),
                                       headers: headers(key))
        #expect(login.status == .ok, "\(login.text)")
        return try login.decode(TextTrader.LoginResponse.self).token
    }

    static func message(_ response: TestResponse) throws -> String {
        try response.decode(TextTrader.ErrorBody.self).message
    }

    static let book = TextTrader.BookInput(title: "Calculus: Early Transcendentals", author: "James Stewart", edition: "8th",
                                           isbn: "978-1-285-74155-0", priceCents: 4_500, condition: "good", courseCode: "MATH 124")

    @Test("every call needs an issued, unrevoked x-api-key: 401 {message} otherwise")
    func apiKeyRequired() async throws {
        try await withTestApp { app in
            let body = #"{"username": "name@email.com", "password": "abc123"}"#
            let missing = try await app.send(.POST, "/texttrader/login", rawBody: body)
            #expect(missing.status == .unauthorized)
            #expect(try Self.message(missing).contains("x-api-key"))

            let unknown = try await app.send(.POST, "/texttrader/login", rawBody: body, headers: Self.headers("cmk_not-a-key"))
            #expect(unknown.status == .unauthorized)
            #expect(try Self.message(unknown).contains("unknown or has been revoked"))

            let key = try await Self.issueKey(app)
            let accepted = try await app.send(.POST, "/texttrader/login", rawBody: body, headers: Self.headers(key))
            #expect(accepted.status == .unauthorized)  // the key passes; the account does not exist
            #expect(try Self.message(accepted) == APIError.invalidCredentials.message.english)

            try await APIKeys(database: app.db, now: Date()).revoke(name: "texttrader-ios")
            let revoked = try await app.send(.POST, "/texttrader/login", rawBody: body, headers: Self.headers(key))
            #expect(revoked.status == .unauthorized)
            #expect(try Self.message(revoked).contains("revoked"))
        }
    }

    @Test("register with the seed's body: 200 {username}; weak password, missing field, taken email")
    func register() async throws {
        try await withTestApp { app in
            let key = try await Self.issueKey(app)
            // The design's example body, exactly: its password is too short for us, and we say so.
            let seedBody = #"{"name": "name", "email": "name@email.com", "username": "name@email.com", "password": "abc123"}"#
            let weak = try await app.send(.POST, "/texttrader/register", rawBody: seedBody, headers: Self.headers(key))
            #expect(weak.status == .badRequest)
            #expect(try Self.message(weak) == "password must be at least 8 characters.")

            let strong = seedBody.replacingOccurrences(of: #""abc123""#, with: "\"\(Self.strongPassword)\"")
            let created = try await app.send(.POST, "/texttrader/register", rawBody: strong, headers: Self.headers(key))
            #expect(created.status == .ok)
            #expect(created.text == #"{"username":"name@email.com"}"#)

            let again = try await app.send(.POST, "/texttrader/register", rawBody: strong, headers: Self.headers(key))
            #expect(again.status == .conflict)
            #expect(try Self.message(again) == "An account with this email already exists.")

            let missing = try await app.send(.POST, "/texttrader/register", rawBody: #"{"name": "bob", "email": "bob@email.com", "password": "long enough pass"}"#,
                                             headers: Self.headers(key))
            #expect(missing.status == .badRequest)
            #expect(try Self.message(missing) == "username is required.")

            // The account is an ordinary one: the main API signs it in with the same password.
            let main = try await app.login(LoginRequest(email: "name@email.com", password: Self.strongPassword))
            #expect(main.status == .ok)
        }
    }

    @Test("login with the seed's body: {user:{username,name}, token}; the token is an ordinary session")
    func login() async throws {
        try await withTestApp { app in
            let key = try await Self.issueKey(app)
            _ = try await Self.signUp(app, key: key, name: "Bob Reader")
            let body = #"{"username": "name@email.com", "password": "\#(Self.strongPassword)"}"#
            let response = try await app.send(.POST, "/texttrader/login", rawBody: body, headers: Self.headers(key))
            #expect(response.status == .ok)
            let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            #expect(Set(json?.keys.map { $0 } ?? []) == ["user", "token"])
            let answer = try response.decode(TextTrader.LoginResponse.self)
            #expect(answer.user == TextTrader.User(username: "name@email.com", name: "Bob Reader"))

            let me = try await app.send(.GET, "/api/v1/me", token: answer.token)
            #expect(me.status == .ok)
            #expect(try me.decode(UserProfile.self).email == "name@email.com")

            let wrong = try await app.send(.POST, "/texttrader/login", json: TextTrader.LoginRequest(username: "name@email.com", password: "wrong password"),
                                           headers: Self.headers(key))
            #expect(wrong.status == .unauthorized)
            #expect(try Self.message(wrong) == APIError.invalidCredentials.message.english)

            let missing = try await app.send(.POST, "/texttrader/login", rawBody: #"{"username": "name@email.com"}"#, headers: Self.headers(key))
            #expect(missing.status == .badRequest)
            #expect(try Self.message(missing) == "password is required.")
            let noUser = try await app.send(.POST, "/texttrader/login", rawBody: #"{"password": "x"}"#, headers: Self.headers(key))
            #expect(noUser.status == .badRequest)
            #expect(try Self.message(noUser).hasPrefix("username "))
        }
    }

    @Test("login is throttled like every sign-in: 429 {message} with Retry-After")
    func loginThrottled() async throws {
        try await withTestApp(adjust: { $0.loginThrottle.maxFailuresPerAccount = 3 }) { app in
            let key = try await Self.issueKey(app)
            _ = try await Self.signUp(app, key: key)
            let wrong = TextTrader.LoginRequest(username: "name@email.com", password: "not the password")
            for _ in 0..<3 {
                #expect(try await app.send(.POST, "/texttrader/login", json: wrong, headers: Self.headers(key)).status == .unauthorized)
            }
            let throttled = try await app.send(.POST, "/texttrader/login", json: TextTrader.LoginRequest(username: "name@email.com", password: Self.strongPassword),
                                               headers: Self.headers(key))
            #expect(throttled.status == .tooManyRequests)
            #expect(try Self.message(throttled).hasPrefix("Too many sign-in attempts."))
            #expect(throttled.headers.first(name: .retryAfter) != nil)
        }
    }

    @Test("verify: true for the user's live token; false with a message for another user's, a revoked or an unknown one")
    func verify() async throws {
        try await withTestApp { app in
            let key = try await Self.issueKey(app)
            let token = try await Self.signUp(app, key: key)
            _ = try await Self.signUp(app, key: key, email: "other@email.com")
            let body = #"{"user": {"username": "name@email.com"}, "token": "\#(token)"}"#
            let good = try await app.send(.POST, "/texttrader/verify", rawBody: body, headers: Self.headers(key))
            #expect(good.status == .ok)
            #expect(good.text == #"{"verified":true}"#)

            for (username, candidate) in [("other@email.com", token), ("name@email.com", "cm_unknown")] {
                let refused = try await app.send(.POST, "/texttrader/verify", json: TextTrader.VerifyRequest(username: username, token: candidate),
                                                 headers: Self.headers(key))
                #expect(refused.status == .unauthorized)
                let answer = try refused.decode(TextTrader.VerifyResponse.self)
                #expect(answer.verified == false && answer.message != nil)
            }

            #expect(try await app.send(.POST, "/api/v1/auth/logout", token: token).status == .noContent)
            let revoked = try await app.send(.POST, "/texttrader/verify", rawBody: body, headers: Self.headers(key))
            #expect(revoked.status == .unauthorized)

            let missing = try await app.send(.POST, "/texttrader/verify", rawBody: #"{"token": "x"}"#, headers: Self.headers(key))
            #expect(missing.status == .badRequest)
            #expect(try Self.message(missing) == "user.username is required.")
        }
    }

    @Test("a book is a textbook listing: in the contract's list, the feed and the main API")
    func bookIsAListing() async throws {
        try await withTestApp { app in
            let key = try await Self.issueKey(app)
            let token = try await Self.signUp(app, key: key)
            let created = try await app.send(.POST, "/texttrader/books", json: Self.book, headers: Self.headers(key, token: token))
            #expect(created.status == .created, "\(created.text)")
            let book = try created.decode(TextTrader.Book.self)
            #expect(book.author == "James Stewart" && book.isbn == "9781285741550" && book.courseCode == "MATH 124" && book.priceCents == 4_500)

            let main = try await app.listing(book.id)
            #expect(main.categories == [.textbooks] && main.salePriceCents == 4_500 && main.textbook?.edition == "8th")
            #expect(try await app.titles("category=textbooks") == [book.title])
            let feed = try await app.send(.GET, "/?q=calculus")
            #expect(feed.text.contains("Calculus: Early Transcendentals"))

            // A textbook listed through the main API is a book too; newest first, q is the main search.
            let seller = try await app.register()
            let other = try await app.createListing(.sample("Organic chemistry notes bundle", categories: ["textbooks", "notes"],
                                                            textbook: TextbookDetails(author: "Wade")), token: seller.token)
            _ = try await app.createListing(.sample("Oak desk"), token: seller.token)
            let list = try await app.send(.GET, "/texttrader/books", headers: Self.headers(key)).decode(TextTrader.BookPage.self)
            #expect(list.books.map(\.id) == [other.id, book.id])
            let found = try await app.send(.GET, "/texttrader/books?q=stewart", headers: Self.headers(key)).decode(TextTrader.BookPage.self)
            #expect(found.books.map(\.id) == [book.id])
            let paged = try await app.send(.GET, "/texttrader/books?limit=1", headers: Self.headers(key)).decode(TextTrader.BookPage.self)
            let next = try #require(paged.nextCursor)
            let second = try await app.send(.GET, "/texttrader/books?limit=1&cursor=\(next)", headers: Self.headers(key)).decode(TextTrader.BookPage.self)
            #expect(paged.books.map(\.id) + second.books.map(\.id) == [other.id, book.id])

            let shown = try await app.send(.GET, "/texttrader/books/\(book.id)", headers: Self.headers(key))
            #expect(try shown.decode(TextTrader.Book.self).title == book.title)
            let desk = try #require(try await app.searchListings("q=oak").items.first)
            let notABook = try await app.send(.GET, "/texttrader/books/\(desk.id)", headers: Self.headers(key))
            #expect(notABook.status == .notFound)
            #expect(try Self.message(notABook) == "There is no book with this id.")
        }
    }

    @Test("books: every field checked and named as the app names it; only the seller edits or deletes")
    func bookRules() async throws {
        try await withTestApp { app in
            let key = try await Self.issueKey(app)
            let token = try await Self.signUp(app, key: key)
            let stranger = try await Self.signUp(app, key: key, email: "stranger@email.com")

            let unsigned = try await app.send(.POST, "/texttrader/books", json: Self.book, headers: Self.headers(key))
            #expect(unsigned.status == .unauthorized)
            #expect(try Self.message(unsigned) == APIError.unauthenticated.message.english)

            let incomplete = try await app.send(.POST, "/texttrader/books", rawBody: #"{"title": "Physics", "isbn": "12345", "priceCents": -5, "condition": "good"}"#,
                                                headers: Self.headers(key, token: token))
            #expect(incomplete.status == .badRequest)
            let problem = try Self.message(incomplete)
            for field in ["author is required", "edition is required", "isbn must be a valid ISBN-10 or ISBN-13", "priceCents must be"] {
                #expect(problem.contains(field), "\(problem)")
            }
            #expect(try await app.titles("category=textbooks").isEmpty)

            let book = try await app.send(.POST, "/texttrader/books", json: Self.book, headers: Self.headers(key, token: token)).decode(TextTrader.Book.self)
            var changed = Self.book
            changed.priceCents = 3_000
            changed.edition = "9th"
            let notYours = try await app.send(.PUT, "/texttrader/books/\(book.id)", json: changed, headers: Self.headers(key, token: stranger))
            #expect(notYours.status == .forbidden)
            #expect(try Self.message(notYours) == APIError.notListingOwner.message.english)
            let notYoursDelete = try await app.send(.DELETE, "/texttrader/books/\(book.id)", headers: Self.headers(key, token: stranger))
            #expect(notYoursDelete.status == .forbidden)

            let updated = try await app.send(.PUT, "/texttrader/books/\(book.id)", json: changed, headers: Self.headers(key, token: token))
            #expect(updated.status == .ok, "\(updated.text)")
            #expect(try updated.decode(TextTrader.Book.self).priceCents == 3_000)
            #expect(try await app.listing(book.id).textbook?.edition == "9th")

            let removed = try await app.send(.DELETE, "/texttrader/books/\(book.id)", headers: Self.headers(key, token: token))
            #expect(removed.status == .ok)
            #expect(try Self.message(removed) == "The book was deleted.")
            let gone = try await app.send(.GET, "/texttrader/books/\(book.id)", headers: Self.headers(key))
            #expect(gone.status == .notFound)
        }
    }

    @Test("PUT keeps what the book body cannot say: a rent price and other categories")
    func editKeepsListingFields() async throws {
        try await withTestApp { app in
            let key = try await Self.issueKey(app)
            let seller = try await app.register(email: "lender@email.com", password: Self.strongPassword)
            let listing = try await app.createListing(.sample("Linear algebra", categories: ["notes", "textbooks"], salePriceCents: 2_000,
                                                              rentPriceCents: 300, rentUnit: "day", textbook: TextbookDetails(author: "Strang")),
                                                      token: seller.token)
            var body = Self.book
            body.title = "Linear algebra, annotated"
            let updated = try await app.send(.PUT, "/texttrader/books/\(listing.id)", json: body, headers: Self.headers(key, token: seller.token))
            #expect(updated.status == .ok, "\(updated.text)")
            let after = try await app.listing(listing.id)
            #expect(after.title == "Linear algebra, annotated")
            #expect(after.rentPriceCents == 300 && after.rentUnit == .day)
            #expect(Set(after.categories) == [.notes, .textbooks])
            #expect(after.description == listing.description)
        }
    }

    @Test("PATCH /user: a new name at once; a new password or email only with the current password")
    func updateUser() async throws {
        try await withTestApp { app in
            let key = try await Self.issueKey(app)
            let token = try await Self.signUp(app, key: key)
            let otherDevice = try await app.send(.POST, "/texttrader/login", json: TextTrader.LoginRequest(username: "name@email.com", password: Self.strongPassword),
                                                 headers: Self.headers(key)).decode(TextTrader.LoginResponse.self).token
            _ = try await Self.signUp(app, key: key, email: "taken@email.com")

            let renamed = try await app.send(.PATCH, "/texttrader/user", rawBody: #"{"name": "Nadia Reader"}"#, headers: Self.headers(key, token: token))
            #expect(renamed.status == .ok)
            #expect(try renamed.decode(TextTrader.User.self) == TextTrader.User(username: "name@email.com", name: "Nadia Reader"))

            let bare = try await app.send(.PATCH, "/texttrader/user", rawBody: #"{"password": "a brand new one"}"#, headers: Self.headers(key, token: token))
            #expect(bare.status == .badRequest)
            #expect(try Self.message(bare) == "currentPassword is required to change the password.")
            let short = try await app.send(.PATCH, "/texttrader/user", json: TextTrader.UserUpdate(password: "short", currentPassword: Self.strongPassword),
                                           headers: Self.headers(key, token: token))
            #expect(try Self.message(short) == "password must be at least 8 characters.")
            let taken = try await app.send(.PATCH, "/texttrader/user", json: TextTrader.UserUpdate(email: "taken@email.com", currentPassword: Self.strongPassword),
                                           headers: Self.headers(key, token: token))
            #expect(taken.status == .conflict)

            let changed = try await app.send(.PATCH, "/texttrader/user",
                                             json: TextTrader.UserUpdate(email: "nadia@email.com", password: "a brand new one", currentPassword: Self.strongPassword),
                                             headers: Self.headers(key, token: token))
            #expect(changed.status == .ok, "\(changed.text)")
            #expect(try changed.decode(TextTrader.User.self).username == "nadia@email.com")
            // The other device is signed out; this one stays; the new email and password sign in.
            #expect(try await app.send(.GET, "/api/v1/me", token: otherDevice).status == .unauthorized)
            #expect(try await app.send(.GET, "/api/v1/me", token: token).status == .ok)
            let again = try await app.send(.POST, "/texttrader/login", json: TextTrader.LoginRequest(username: "nadia@email.com", password: "a brand new one"),
                                           headers: Self.headers(key))
            #expect(again.status == .ok)
        }
    }

    @Test("DELETE /user needs the password; afterwards the account cannot sign in")
    func deleteUser() async throws {
        try await withTestApp { app in
            let key = try await Self.issueKey(app)
            let token = try await Self.signUp(app, key: key)
            let wrong = try await app.send(.DELETE, "/texttrader/user", rawBody: #"{"password": "not it at all"}"#, headers: Self.headers(key, token: token))
            #expect(wrong.status == .badRequest)
            #expect(try Self.message(wrong) == "The current password is incorrect.")
            let deleted = try await app.send(.DELETE, "/texttrader/user", json: TextTrader.UserDeletion(password: Self.strongPassword),
                                             headers: Self.headers(key, token: token))
            #expect(deleted.status == .noContent)
            let login = try await app.send(.POST, "/texttrader/login", json: TextTrader.LoginRequest(username: "name@email.com", password: Self.strongPassword),
                                           headers: Self.headers(key))
            #expect(login.status == .unauthorized)
        }
    }
}
