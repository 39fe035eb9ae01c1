import Foundation
import MarketCore
@testable import MarketServer
import Testing

/// The catalog that ships: complete in every language a student may choose, its plurals and
/// values right, and every word the templates ask for in it.
@Suite("The words' catalog")
struct StringCatalogTests {
    static let catalog = Localizer.shippedCatalog

    @Test("it is read from the bundle beside the executable, and holds the source language's keys")
    func read() throws {
        let path = try #require(CatalogLocation.path)
        let fresh = try StringCatalog(contentsOf: path)
        #expect(fresh.sourceLanguage == "en")
        #expect(fresh.entries.count == Self.catalog.entries.count && fresh.entries.count > 500)
    }

    @Test("every offered language has a text for every key")
    func complete() {
        for language in Localizer.offered where language != Self.catalog.sourceLanguage {
            #expect(Self.catalog.missing(in: language).isEmpty, "\(language): \(Self.catalog.missing(in: language))")
        }
    }

    /// `%@`, `%lld` and `%1$@` in a text, by the value each takes: a translation takes the same.
    static func specifiers(_ text: String) -> [String] {
        var next = 0
        return text.matches(of: /%(?:(\d)\$)?(@|lld|ld|d)/).map { match in
            let position = match.1.flatMap { Int($0) }.map { $0 - 1 } ?? { defer { next += 1 }; return next }()
            return "\(position):\(match.2 == "@" ? "@" : "d")"
        }.sorted()
    }

    @Test("a translation takes the same values as its key, and every plural has its other form")
    func values() {
        for (key, entry) in Self.catalog.entries {
            let expected = Self.specifiers(key.replacingOccurrences(of: "%%", with: ""))
            for (language, variants) in entry.localizations {
                for text in [variants.text].compactMap({ $0 }) + Array(variants.plural.values) {
                    let found = Self.specifiers(text.replacingOccurrences(of: "%%", with: ""))
                    // A plural's "one" may say the number in words ("Check the highlighted field.").
                    let oneInWords = variants.plural.values.contains(text) && variants.plural[.one] == text && found.count == expected.count - 1
                    #expect(found == expected || oneInWords, "\(language) of \(key): \(text)")
                }
                if !variants.plural.isEmpty { #expect(variants.plural[.other] != nil, "\(language) of \(key)") }
            }
        }
    }

    @Test("every #t in the templates is a key of the catalog")
    func templates() throws {
        let views = try WebFiles.locate(theme: nil).views
        let files = FileManager.default.enumerator(atPath: views)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".leaf") } ?? []
        #expect(files.count > 30)
        for file in files {
            let text = try String(contentsOfFile: views + file, encoding: .utf8)
            for match in text.matches(of: /#t\(\s*"((?:[^"\\]|\\.)*)"/) {
                let key = String(match.1).replacingOccurrences(of: #"\\(.)"#, with: "$1", options: .regularExpression)
                #expect(Self.catalog.entries[key] != nil, "\(file): \(key)")
            }
        }
    }

    @Test("every word MarketCore's values are shown by is in the catalog")
    func labels() {
        var labels: [Phrase] = OrderStatus.allCases.map(\.label) + ListingCategory.allCases.map(\.label)
        labels += ListingCondition.allCases.map(\.label) + ListingSort.allCases.map(\.label) + ListingStatus.allCases.map(\.label)
        labels += OfferKind.allCases.map(\.label) + NotificationChannel.allCases.map(\.label) + ReportReason.allCases.map(\.label)
        labels += ListingEditorStep.allCases.map(\.label) + NotificationTopic.allCases.flatMap { [$0.label, $0.explanation] }
        labels += ModerationAction.allCases.map(\.label)
        for label in labels { #expect(Self.catalog.entries[label.key] != nil, "\(label.key)") }
    }

    @Test("plurals in English and Spanish", arguments: [(0, "0 listings", "0 anuncios"), (1, "1 listing", "1 anuncio"),
                                                         (2, "2 listings", "2 anuncios"), (5, "5 listings", "5 anuncios"),
                                                         (21, "21 listings", "21 anuncios")])
    func plurals(count: Int, english: String, spanish: String) throws {
        let phrase: Phrase = "\(count) listings"
        #expect(Localizer.english.string(phrase) == english)
        #expect(try #require(Localizer.for("es")).string(phrase) == spanish)
    }
}
