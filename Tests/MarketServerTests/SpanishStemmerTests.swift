import Foundation
import FluentSQL
import MarketCore
@testable import MarketServer
import Testing

@Suite("Spanish stems")
struct SpanishStemmerTests {
    /// Every tenth word of Snowball's Spanish vocabulary with its stem, as Snowball 3.0 gives it
    /// (github.com/snowballstem/snowball-data, spanish/voc.txt and output.txt; BSD licence).
    @Test("the stemmer gives Snowball's stem for each of 2,837 words of its Spanish vocabulary")
    func snowballVocabulary() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/snowball-spanish.txt")
        let pairs = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(pairs.count == 2_837)
        let wrong = pairs.filter { SpanishStemmer.stem($0[0]) != $0[1] }.map { "\($0[0]) → \(SpanishStemmer.stem($0[0])), not \($0[1])" }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test("a typed word's Spanish stem is marked, folded, and absent for numbers and little words of either language")
    func alternatives() {
        #expect(SpanishTerms.alternative(for: "mesas") == "0esmes")
        #expect(SpanishTerms.alternative(for: "calculo") == "0escalcul")
        #expect(SpanishTerms.alternative(for: "cálculo") == "0escalcul")
        #expect(SpanishTerms.alternative(for: "2024") == nil)
        #expect(SpanishTerms.alternative(for: "de") == nil)
        #expect(SpanishTerms.alternative(for: "the") == nil)
        #expect(SpanishTerms.stems(of: ["Mesa de roble", "Mesas"]) == "0esmes 0esrobl")
        #expect(SearchWords.of("Cálculo ÑANDÚ façade", limit: 8) == ["calculo", "nandu", "facade"])
    }

    @Test("the language is told from the text: Spanish little words and marks, else English, else the fallback")
    func detection() {
        #expect(ListingLanguage.detect("Mesa de roble en buen estado") == .spanish)
        #expect(ListingLanguage.detect("¿Necesitas calculadora?") == .spanish)
        #expect(ListingLanguage.detect("Oak desk in good condition") == .english)
        #expect(ListingLanguage.detect("TI-84 Plus") == .english)
        #expect(ListingLanguage.detect("TI-84 Plus", otherwise: .spanish) == .spanish)
    }

    @Test("PostgreSQL: the English stop words are the database's, and a marked stem is kept whole as one word")
    func postgresAgrees() async throws {
        try await withTestApp { app in
            guard TestDatabase.isPostgres else { return }
            let sql = app.db.sql
            let kept = try await sql.raw("""
                SELECT w FROM unnest(\(bind: EnglishStopWords.all.sorted())::text[]) AS w WHERE to_tsvector('english', w) <> ''::tsvector
                """).all(decodingColumn: "w", as: String.self)
            #expect(kept.isEmpty, "not stop words to PostgreSQL: \(kept)")
            let lexemes = try await sql.raw("SELECT array_to_string(tsvector_to_array(to_tsvector('english', '0esmes 0escalcul')), ' ') AS l")
                .first()?.decode(column: "l", as: String.self)
            #expect(lexemes == "0escalcul 0esmes")
            let folded = try await sql.raw("""
                SELECT translate('Cálculo Ñandú Ångström', \(bind: AccentFolding.from), \(bind: AccentFolding.to)) AS f
                """).first()?.decode(column: "f", as: String.self)
            #expect(folded == "Calculo Nandu Angstrom")
        }
    }
}
