import FluentSQL
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Listings: search in the listing's language")
struct SpanishSearchTests {
    /// Each sort reads the matches another way (SQLite: the text index, `priced_fts`; PostgreSQL:
    /// the vectors' GIN indexes, `listing_terms` walks): every one must know the Spanish stems.
    @Test("a Spanish listing is found by its words' other forms, accents or none; an English one as before, and not by a Spanish stem",
          arguments: ["", "&sort=price_asc", "&sort=price_desc", "&sort=newest"])
    func findsOtherForms(sort: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let table = try await app.createListing(.sample("Mesa de roble", description: "Mesa usada, en buen estado, con dos sillas."), token: seller.token)
            let book = try await app.createListing(.sample("Libro de Cálculo", description: "Para el curso de primer año.", categories: ["textbooks"],
                                                           salePriceCents: 2_500), token: seller.token)
            let lamp = try await app.createListing(.sample("Desk lamp", description: "Used for a year, the bulb is new.", salePriceCents: 900), token: seller.token)
            #expect([table.language, book.language, lamp.language] == ["es", "es", "en"], "told from the text")

            #expect(try await app.titles("q=mesas\(sort)") == ["Mesa de roble"])
            #expect(try await app.titles("q=libros+de+c%C3%A1lculo\(sort)") == ["Libro de Cálculo"])
            #expect(try await app.titles("q=libros+de+calculo\(sort)") == ["Libro de Cálculo"], "accents folded")
            #expect(try await app.titles("q=usados\(sort)") == ["Mesa de roble"], "usada, usados: one stem")
            #expect(try await app.titles("q=silla+usado\(sort)") == ["Mesa de roble"], "a word typed whole, then the last one's forms")
            #expect(try await app.titles("q=cursos\(sort)") == ["Libro de Cálculo"], "in the description too")
            #expect(try await app.titles("q=mesas+para+sillas\(sort)") == ["Mesa de roble"], "little words say nothing: no listing needs a \"para\"")
            // "used" is `us` by Porter's rules and "usado" `us` by Snowball's: marked apart, they do not meet.
            #expect(try await app.titles("q=usado\(sort)") == ["Mesa de roble"])
            #expect(try await app.titles("q=lamps\(sort)") == ["Desk lamp"])
            // An English stop word asks nothing on PostgreSQL, and has no Spanish stem there to ask instead.
            #expect(try await app.titles("q=the+lamp\(sort)") == ["Desk lamp"])
            #expect(try await app.titles("q=the+bulb\(sort)") == ["Desk lamp"])
            #expect(try await app.titles("q=a+lamp+the+bulb\(sort)") == ["Desk lamp"])
        }
    }

    @Test("the first relevance tier holds a Spanish title matched by its stems, above a newer description")
    func titleFirst() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Silla usada", description: "De oficina."), token: seller.token)
            try await app.createListing(.sample("Mesa de cocina", description: "Incluye una silla usada."), token: seller.token)
            #expect(try await app.titles("q=sillas+usado") == ["Silla usada", "Mesa de cocina"])
        }
    }

    @Test("the language is chosen, or told from the text, kept through edits, and an edit re-indexes the stems")
    func chosenAndEdited() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            var input = ListingInput.sample("Mesa usada", description: "De roble.")
            input.language = "en"
            let chosen = try await app.createListing(input, token: seller.token)
            #expect(chosen.language == "en")
            #expect(try await app.titles("q=usados") == [], "an English listing's words are read by English rules only")

            input.language = "es"
            try await app.send(.PUT, "/api/v1/listings/\(chosen.id)", json: input, token: seller.token)
            #expect(try await app.titles("q=usados") == ["Mesa usada"])

            input = ListingInput.sample("Lámpara de escritorio", description: "Funciona muy bien.")
            try await app.send(.PUT, "/api/v1/listings/\(chosen.id)", json: input, token: seller.token)
            let edited = try await app.send(.GET, "/api/v1/listings/\(chosen.id)").decode(MarketCore.Listing.self)
            #expect(edited.language == "es", "told from the new text")
            #expect(try await app.titles("q=usados") == [], "the old stems left the index")
            #expect(try await app.titles("q=lamparas") == ["Lámpara de escritorio"])
        }
    }

    @Test("a saved search hears of a Spanish listing it matches by a Spanish stem, as the search box finds it")
    func savedSearchAlerts() async throws {
        try await withTestApp { app in
            let seller = try await app.register(), student = try await app.register()
            #expect(try await SavedSearchTests.save(app, ListingQuery(text: "sillas usadas"), token: student.token).status == .created)
            let chair = try await app.createListing(.sample("Silla de oficina", description: "Usado, pero cómoda."), token: seller.token)
            try await app.createListing(.sample("Office chair", description: "Used."), token: seller.token)
            #expect(try await app.titles("q=sillas+usadas") == ["Silla de oficina"])
            #expect(try await SavedSearchTests.alerts(app, token: student.token).map(\.listingId) == [chair.id])
        }
    }

    @Test("whether any listing is Spanish: saving one tells this instance at once; another reads \"none\" again after a second")
    func spanishListingsKnown() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let lamp = try await app.createListing(.sample("Desk lamp", description: "Bright."), token: seller.token)
            #expect(try await app.titles("q=usados") == [], "an English-only search, which reads that none is Spanish")
            try await app.createListing(.sample("Silla usada", description: "De oficina."), token: seller.token)
            #expect(try await app.titles("q=usados") == ["Silla usada"], "at once, here")

            let other = SpanishListings()  // another instance's, before any listing of its own was Spanish
            try await app.db.sql.raw("UPDATE listings SET language = 'en' WHERE language = 'es'").run()
            #expect(try await other.exist(on: app.db.sql) == false)
            try await app.db.sql.raw("UPDATE listings SET language = 'es' WHERE id = \(bind: lamp.id)").run()
            #expect(try await other.exist(on: app.db.sql) == false, "kept for a second")
            try await Task.sleep(for: .milliseconds(1_100))
            #expect(try await other.exist(on: app.db.sql) == true)
        }
    }

    @Test("listings written before languages are told apart by the migration, indexed with their stems, and found")
    func migration() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Mesa de roble", description: "Usada, en buen estado."), token: seller.token)
            try await app.createListing(.sample("Desk lamp", description: "Used."), token: seller.token)
            // On one connection, as the migrator runs them: another of SQLite's pooled connections
            // would prepare its first statement against the schema it read before the revert. The
            // later migration reading the stems goes first and comes back last, as the migrator's.
            try await app.db.withConnection { db in
                try await CreateCategorySearchIndex().revert(on: db)
                try await UpdateSearchIndexAddSpanish().revert(on: db)
                try await UpdateSearchIndexAddSpanish().prepare(on: db)
                try await CreateCategorySearchIndex().prepare(on: db)
            }
            #expect(try await app.titles("q=usados") == ["Mesa de roble"])
            #expect(try await app.titles("q=lamps") == ["Desk lamp"])
            let languages = try await app.db.sql.raw("SELECT language FROM listings ORDER BY seq").all(decodingColumn: "language", as: String.self)
            #expect(languages == ["es", "en"])
        }
    }
}

@Suite("Listings: the editor's language")
struct ListingLanguageEditorTests {
    @Test("the web editor shows the language the listing is in, keeps it through the steps, and saves another chosen; the page says it on the words")
    func webEditor() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(.sample("Mesa de roble", description: "Usada, en buen estado."), token: seller.token)
            let path = "/listings/\(listing.id.wireString)"
            let page = try await app.visit(path)
            #expect(page.text.contains(#"<h1 lang="es">Mesa de roble</h1>"#), "an English page says the Spanish title is Spanish")
            let cookie = WebSessionCookie.name + "=" + seller.token
            let opened = try await app.visit(path + "/edit", cookies: cookie)
            let fields = "csrf=\(opened.csrf)&title=Mesa+de+roble&categories%5B%5D=furniture&condition=good&description=Usada&salePrice=15"
            let details = try await app.postForm(path + "/edit", fields + "&step=summary&go=to%3Adetails&language=es", cookies: opened.cookies)
            #expect(details.text.contains(#"<option value="es" selected>Español</option>"#), "\(details.text.suffix(2000))")
            let summary = try await app.postForm(path + "/edit", fields + "&step=details&go=to%3Asummary&language=en", cookies: opened.cookies)
            #expect(summary.text.contains("English"))
            let saved = try await app.postForm(path + "/edit", fields + "&step=summary&go=publish&language=en", cookies: opened.cookies)
            #expect(saved.status == .seeOther, "\(saved.status) \(saved.text.suffix(1500))")
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)").decode(MarketCore.Listing.self).language == "en")
            #expect(try await app.titles("q=usados") == [], "read by English rules now")
        }
    }
}

@Suite("Listings: the language told from the words")
struct ListingLanguageFallbackTests {
    @Test("words that tell no language take the campus's, where the campus says one")
    func campusLanguage() async throws {
        let campuses = try CampusDirectory.parse("campus.edu = Universidad de Ejemplo @ America/Mexico_City | language: es", setting: "CAMPUSES")
        try await withTestApp(adjust: { $0.campuses = campuses }) { app in
            let seller = try await app.register()
            try await app.markVerified(seller)
            let calculator = try await app.createListing(.sample("TI-84 Plus", description: ""), token: seller.token)
            let desk = try await app.createListing(.sample("Oak desk", description: "In good condition, with the chair."), token: seller.token)
            #expect([calculator.language, desk.language] == ["es", "en"])
        }
    }
}
