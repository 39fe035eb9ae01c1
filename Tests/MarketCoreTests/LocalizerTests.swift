import Foundation
@testable import MarketCore
import Testing

@Suite("Localizer: phrases put in a language")
struct LocalizerTests {
    /// A catalog as Xcode writes one: a plain translation, plural variations, and a key with
    /// two counts by named substitutions.
    static let catalog = try! StringCatalog(json: Data(#"""
    {
      "sourceLanguage" : "en",
      "version" : "1.0",
      "strings" : {
        "Sign in" : { "localizations" : { "es" : { "stringUnit" : { "state" : "translated", "value" : "Iniciar sesión" } } } },
        "%lld listings" : { "localizations" : {
          "en" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld listing" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld listings" } } } } },
          "es" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld anuncio" } },
            "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld de anuncios" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld anuncios" } } } } } } },
        "%@ sent %lld photos" : { "localizations" : {
          "es" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld fotos de %1$@" } } } },
        "%lld photos in %lld listings" : { "localizations" : {
          "es" : { "stringUnit" : { "state" : "translated", "value" : "%#@photos@ en %#@listings@" },
                   "substitutions" : {
                     "photos" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                       "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg foto" } },
                       "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg fotos" } } } } },
                     "listings" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                       "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg anuncio" } },
                       "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg anuncios" } } } } } } } } }
      }
    }
    """#.utf8))

    let english = Localizer(language: "en", catalog: Self.catalog)
    let spanish = Localizer(language: "es", catalog: Self.catalog)

    @Test("a literal is its own key; interpolations become %@ and %lld, a literal % is %%")
    func keys() {
        let name = "Ana", count = 3
        let phrase: Phrase = "\(name) sent \(count) photos"
        #expect(phrase.key == "%@ sent %lld photos")
        #expect(phrase.arguments == [.text("Ana"), .integer(3)])
        let percent: Phrase = "50% off"
        #expect(percent.key == "50%% off")
        #expect(english.string(percent) == "50% off")
    }

    @Test("translated where the catalog has it, English where it does not")
    func translates() {
        #expect(spanish.string("Sign in") == "Iniciar sesión")
        #expect(spanish.string("Sign out") == "Sign out")
        #expect(english.string("Sign in") == "Sign in")
    }

    @Test("plurals by each language's rules", arguments: [
        (0, "0 listings", "0 anuncios"), (1, "1 listing", "1 anuncio"), (2, "2 listings", "2 anuncios"),
        (5, "5 listings", "5 anuncios"), (21, "21 listings", "21 anuncios"), (1_000_000, "1000000 listings", "1 millón de anuncios"),
    ])
    func plurals(count: Int, inEnglish: String, inSpanish: String) {
        let phrase: Phrase = "\(count) listings"
        #expect(english.string(phrase) == inEnglish)
        if count == 1_000_000 {
            // Spanish's "many": a million and its multiples take "de"; its digits are grouped.
            #expect(spanish.string(phrase).hasSuffix(" de anuncios"))
            #expect(spanish.string(phrase).hasPrefix("1.000.000") || spanish.string(phrase).hasPrefix("1\u{A0}000\u{A0}000"))
        } else {
            #expect(spanish.string(phrase) == inSpanish)
        }
    }

    @Test("positional values: a language puts them in its own order")
    func positions() {
        let name = "Ana", count = 4
        #expect(spanish.string("\(name) sent \(count) photos") == "4 fotos de Ana")
        #expect(english.string("\(name) sent \(count) photos") == "Ana sent 4 photos")
    }

    @Test("named substitutions: two counts in one sentence, each with its own plural")
    func substitutions() {
        let one = 1, two = 2
        #expect(spanish.string("\(one) photos in \(two) listings") == "1 foto en 2 anuncios")
        #expect(spanish.string("\(two) photos in \(one) listings") == "2 fotos en 1 anuncio")
    }

    @Test("a phrase inside a phrase is put in the same language; a text stays as typed")
    func nested() {
        let action: Phrase = "Sign in"
        let typed = "Sign in"
        #expect(spanish.string("Next: \(action)") == "Next: Iniciar sesión")
        #expect(spanish.string("Next: \(typed)") == "Next: Sign in")
    }

    @Test("a broken format writes what it can and never reads past its values")
    func brokenFormats() {
        #expect(english.string(Phrase("%@ and %@", [.text("one")])) == "one and ")
        #expect(english.string(Phrase("100%", [])) == "100%")
        #expect(english.string(Phrase("%q odd", [])) == "%q odd")
        #expect(english.string(Phrase("%#@none@ left", [.integer(1)])) == " left")
    }

    @Test("the accented pseudo-locale changes every literal word, keeps values, and is 40% longer")
    func accented() {
        let pseudo = Localizer(language: "en-XA", catalog: Self.catalog)
        let name = "Ana"
        let text = pseudo.string("Hello, \(name) &amp; friends")
        #expect(text.hasPrefix("[Ĥéļļö, ") && text.contains("Ana") && text.contains("&amp;"))
        #expect(!text.contains("Hello"))
        let plain = "Sign in to message the seller"
        #expect(pseudo.string(Phrase(plain)).count >= plain.count * 14 / 10)
        #expect(pseudo.string(Phrase("1 listing")).hasPrefix("["), "plurals come from the English then change")
    }

    @Test("the right-to-left pseudo-locale reverses each word and says so")
    func bidi() {
        let pseudo = Localizer(language: "ar-XB", catalog: Self.catalog)
        #expect(pseudo.isRightToLeft && !english.isRightToLeft)
        #expect(pseudo.string("Sign in") == "\u{202E}Sign\u{202C} \u{202E}in\u{202C}")
    }

    @Test("Accept-Language: quality values, ties in order, q=0 refused")
    func ranked() {
        #expect(LanguageChoice.ranked(acceptLanguage: "fr;q=0.5, es-MX, en;q=0.8, de;q=0") == ["es-MX", "en", "fr"])
        #expect(LanguageChoice.ranked(acceptLanguage: "") == [])
        #expect(LanguageChoice.ranked(acceptLanguage: "*, xx;q=abc") == [])
    }

    @Test("a region falls back to its language; the first offered wish wins; English at the end")
    func choose() {
        let offered = ["en", "es"]
        #expect(LanguageChoice.choose([nil, "fr", "es-MX", "en"], among: offered) == "es")
        #expect(LanguageChoice.choose(["ES_es"], among: offered) == "es")
        #expect(LanguageChoice.choose(["fr", "de"], among: offered) == "en")
        #expect(LanguageChoice.choose(["en-XA"], among: offered) == "en-XA")
        #expect(LanguageChoice.choose(["en-xa"], among: offered) == "en-XA")
    }
}
