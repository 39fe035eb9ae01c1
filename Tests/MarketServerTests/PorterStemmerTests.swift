import Fluent
@testable import MarketServer
import SQLKit
import Testing

/// The search's stemmer must read a word as SQLite's FTS5 `porter` tokenizer stores it: it decides
/// whether the last word typed is finished (`SearchDialect.isPrefix`).
@Suite("Porter's stemmer")
struct PorterStemmerTests {
    /// Roots crossed with the endings every step of the algorithm removes or rewrites, the examples
    /// of Porter's paper, and the words of the seeded catalogue.
    static let vocabulary: [String] = {
        let roots = ["camp", "book", "hop", "fall", "hiss", "fizz", "fail", "file", "sing", "relate", "condition", "rate",
                     "digit", "conform", "radical", "differ", "analog", "predicate", "operate", "feudal", "decisive",
                     "hope", "callous", "formal", "sensitive", "sensible", "triple", "electric", "good", "revive",
                     "allow", "infer", "airline", "gyroscope", "adjust", "defense", "irritate", "replace", "depend",
                     "adopt", "commune", "active", "angular", "effect", "bowdler", "probe", "cease", "control", "roll",
                     "try", "sky", "happy", "agree", "feed", "plaster", "bled", "motor", "size", "tan", "study", "spy",
                     "tie", "pony", "caress", "cat", "calculus", "campus", "chair", "table", "lamp", "desk", "shoe"]
        let endings = ["", "s", "es", "ies", "sses", "ed", "eed", "ing", "y", "ly", "ness", "ful", "fulness", "ousness",
                       "iveness", "ation", "ational", "tional", "ization", "ize", "izer", "ise", "ism", "alism", "al",
                       "alli", "ical", "icate", "iciti", "ative", "alize", "ance", "ence", "enci", "anci", "er", "ic",
                       "able", "ible", "bli", "ant", "ement", "ment", "ent", "entli", "eli", "ousli", "ion", "ou", "ous",
                       "ate", "iti", "aliti", "iviti", "biliti", "ive", "logi", "ator", "e", "ll", "at", "bl", "iz"]
        let paper = ["caresses", "ponies", "ties", "caress", "cats", "feed", "agreed", "plastered", "bled", "motoring",
                     "sing", "conflated", "troubled", "sized", "hopping", "tanned", "falling", "hissing", "fizzed",
                     "failing", "filing", "happy", "sky", "generalizations", "oscillators", "yy", "syzygy", "spying",
                     "eyed", "yelled", "crying", "aing", "ies", "sses", "xes"]
        let catalogue = (SeedCatalogue.goods.flatMap(\.1) + SeedCatalogue.adjectives + SeedCatalogue.reasons + SeedCatalogue.details
            + SeedCatalogue.textbooks.map(\.title)).joined(separator: " ")
        return Array(Set(roots.flatMap { root in endings.map { root + $0 } } + paper
            + catalogue.lowercased().split(whereSeparator: { !$0.isLetter || !$0.isASCII }).map(String.init))).sorted()
    }()

    @Test("stems every word as SQLite's FTS5 porter tokenizer does", .enabled(if: !TestDatabase.isPostgres))
    func agreesWithSQLite() async throws {
        try await withTestApp { app in
            let sql = app.db.sql
            try await sql.raw("CREATE VIRTUAL TABLE stem_words USING fts5(word, tokenize = 'porter unicode61')").run()
            try await sql.raw("CREATE VIRTUAL TABLE stem_terms USING fts5vocab(stem_words, instance)").run()
            for (index, word) in Self.vocabulary.enumerated() {
                try await sql.raw("INSERT INTO stem_words (rowid, word) VALUES (\(bind: index + 1), \(bind: word))").run()
            }
            struct Stored: Decodable { let doc: Int; let term: String }
            let stored = try await sql.raw("SELECT doc, term FROM stem_terms").all(decoding: Stored.self)
            #expect(stored.count == Self.vocabulary.count)
            let sqlite = Dictionary(uniqueKeysWithValues: stored.map { (Self.vocabulary[$0.doc - 1], $0.term) })
            let differing = Self.vocabulary.filter { PorterStemmer.stem($0) != sqlite[$0] }
                .map { "\($0): \(PorterStemmer.stem($0)) against \(sqlite[$0] ?? "nothing")" }
            #expect(differing.isEmpty, "\(differing.count) of \(Self.vocabulary.count): \(differing.prefix(20))")
            #expect(Self.vocabulary.count > 4_000)
        }
    }

    @Test("the last word is finished when the stemmer takes an ending of two letters or more off")
    func finishedWords() {
        func isPrefix(_ word: String) -> Bool { SearchDialect.isPrefix(1, of: ["oak", word]) }
        for whole in ["camping", "used", "tables", "hopping", "calculator", "glasses", "electrical"] { #expect(!isPrefix(whole), "\(whole)") }
        for part in ["camp", "calc", "lap", "chair", "des", "coffe", "books", "campus", "study", "caf\u{E9}s", "ca"] { #expect(isPrefix(part), "\(part)") }
        #expect(!SearchDialect.isPrefix(0, of: ["calc", "oak"]) && !SearchDialect.isPrefix(0, of: ["c"]))
    }
}
