import Foundation
import MarketCore
@testable import MarketServer
import SQLKit
import Testing
import Vapor

/// What the API, notifications and mails say, in the reader's language; codes stay English.
@Suite("Messages in the reader's language")
struct LocalizedMessagesTests {
    @Test("an API error: its message and fields in the asked language, its code the same; Content-Language says which")
    func apiErrors() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for (language, message, field) in [("es-MX,es;q=0.9", "Algunos campos no son válidos", "debe tener de 3 a 100 caracteres"),
                                               ("fr, en;q=0.5", "Some fields are invalid", "must be 3–100 characters"),
                                               ("", "Some fields are invalid", "must be 3–100 characters")] {
                let response = try await app.send(.POST, "/api/v1/listings", rawBody: #"{"description": "x"}"#, token: seller.token,
                                                  headers: language.isEmpty ? [:] : ["Accept-Language": language])
                let body = try response.decode(APIErrorBody.self)
                #expect(response.status == .unprocessableEntity && body.error.code == "validation_failed")
                #expect(body.error.message.hasPrefix(message), "\(language): \(body.error.message)")
                #expect(body.error.fields?["title"]?.hasPrefix(field) == true, "\(language): \(body.error.fields ?? [:])")
                #expect(response.headers.first(name: .contentLanguage) == (language.hasPrefix("es") ? "es" : "en"))
            }
            // A listing's JSON has no words to translate: no Content-Language on it.
            let feed = try await app.send(.GET, "/api/v1/listings", headers: ["Accept-Language": "es"])
            #expect(feed.status == .ok && feed.headers.first(name: .contentLanguage) == nil)
        }
    }

    @Test("a student who signed up in Spanish is told in Spanish (in-app, mail); each reader reads the in-app one in theirs")
    func notifications() async throws {
        try await withTestApp { app in
            let registered = try await app.send(.POST, "/api/v1/auth/register", json: RegisterRequest(
                email: "vendedora@campus.edu", password: "correct horse battery", name: "Vera Vendedora"), headers: ["Accept-Language": "es"])
            let seller = try registered.decode(AuthResponse.self)
            let buyer = try await app.register(name: "Bea Buyer")
            let listing = try await app.createListing(.sample("Lámpara de escritorio"), token: seller.token)
            #expect(try await app.purchase(listing.id, token: buyer.token).status == .created)

            // Mail is written when it is sent: the line queued for it is in her language already.
            let line = try #require(try await app.db.sql.raw("SELECT line FROM pending_mails").first(decodingColumn: "line", as: String.self))
            #expect(line.contains("quiere comprar «Lámpara de escritorio»"), "\(line)")
            // The in-app notification is kept as a phrase: said in whichever language it is read in.
            let spanish = try await app.send(.GET, "/api/v1/notifications", token: seller.token).decode(NotificationPage.self)
            #expect(spanish.items.first?.message == "Bea B. quiere comprar «Lámpara de escritorio». Acepta o rechaza el pedido.")
            // Her saved choice beats the browser's: she chose Spanish when she signed up in it.
            let anyway = try await app.send(.GET, "/api/v1/notifications", token: seller.token, headers: ["Accept-Language": "en"])
            #expect(try anyway.decode(NotificationPage.self).items.first?.message.hasPrefix("Bea B. quiere comprar") == true)
            // Switched to English in the picker: the same notification reads in English.
            let page = try await app.visit("/", cookies: WebSessionCookie.name + "=" + seller.token)
            let switched = try await app.postForm("/language", fields: ["csrf": page.csrf, "language": "en", "next": "/notifications"],
                                                  cookies: page.cookies)
            #expect(switched.status == .seeOther && switched.headers.first(name: .location) == "/notifications")
            let english = try await app.send(.GET, "/api/v1/notifications", token: seller.token).decode(NotificationPage.self)
            #expect(english.items.first?.message == "Bea B. wants to buy “Lámpara de escritorio”. Accept or decline the order.")
        }
    }

    @Test("the picker: a visitor's choice is a cookie; a signed-in post without its token changes nothing; a language we do not speak is 422")
    func picker() async throws {
        try await withTestApp { app in
            let chosen = try await app.postForm("/language", fields: ["language": "es", "next": "//evil.example/"])
            #expect(chosen.status == .seeOther && chosen.headers.first(name: .location) == "/")
            #expect(chosen.headers[.setCookie].contains { $0.hasPrefix("lang=es") })
            let home = try await app.send(.GET, "/", headers: ["Cookie": "lang=es", "Accept-Language": "en"])
            #expect(home.text.contains(#"<html lang="es""#) && home.text.contains("Mercado del campus"))
            #expect(try await app.postForm("/language", fields: ["language": "xx"]).status == .unprocessableEntity)

            let student = try await app.register()
            let forged = try await app.postForm("/language", fields: ["language": "es"], cookies: WebSessionCookie.name + "=" + student.token)
            #expect(forged.status == .forbidden)
            let stored = try await app.db.sql.raw("SELECT language FROM users WHERE id = \(bind: student.user.id)")
                .first(decodingColumn: "language", as: String?.self)
            #expect(stored == .some(nil))
        }
    }

    @Test("money, dates and amounts typed, as each language writes them")
    func formats() throws {
        let spanish = try #require(Localizer.for("es"))
        Localizer.$current.withValue(spanish) {
            #expect(MoneyText.format(1250, currency: "USD") == "12,50\u{A0}US$")
            #expect(MoneyText.format(1_234_567, currency: "EUR") == "12.345,67\u{A0}€")
            #expect(MoneyText.format(123_400, currency: "USD") == "1234,00\u{A0}US$")
            #expect(MoneyText.parse("12,50") == 1250 && MoneyText.parse("1.250,00") == 125_000 && MoneyText.parse("12,5") == 1250)
            #expect(MoneyText.plain(1250) == "12,50")
        }
        Localizer.$current.withValue(.english) {
            #expect(MoneyText.format(1250, currency: "USD") == "$12.50" && MoneyText.parse("1,250.00") == 125_000)
        }
        let day = Date(timeIntervalSince1970: 1_796_054_400)  // 30 Nov 2026, 15:20 UTC
        let zone = TimeZone(identifier: "America/New_York")!
        #expect(LocalTime(zone, language: "en").day(day) == "Nov 30, 2026")
        #expect(LocalTime(zone, language: "es").day(day).contains("nov") && LocalTime(zone, language: "es").day(day).hasPrefix("30"))
        #expect(LocalTime(zone, language: "en-XA").day(day) == "Nov 30, 2026")
    }
}
