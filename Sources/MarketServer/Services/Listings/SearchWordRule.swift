/// The search's rule for words, applied in memory to one listing where the database's index
/// applies it to all of them: each word matches its stem's forms (`camping` finds "camps"), and
/// the last, when typed in part (`SearchDialect.isPrefix`), every word its stem starts (`des`
/// finds "desk"); any word also matches a Spanish listing's words by its Spanish stem
/// (`SpanishTerms`: `usados` finds "usada"). Saved searches match a new listing by it, so an
/// alert finds what the search box would. The stems are Porter's, as SQLite's index holds them;
/// PostgreSQL's stemmer differs on a few rare words.
struct SearchWordRule: Sendable {
    struct Term: Sendable {
        let stem: String
        let isPrefix: Bool
        /// Its marked Spanish stem, when it has one.
        let spanish: String?
    }

    let terms: [Term]

    /// `words` as `SearchWords` gives them; the little ones are left out as the search box does.
    init(words: [String]) {
        let words = LittleWords.dropped(from: words)
        terms = words.indices.map {
            Term(stem: PorterStemmer.stem(words[$0]), isPrefix: SearchDialect.isPrefix($0, of: words),
                 spanish: SpanishTerms.alternative(for: words[$0]))
        }
    }

    /// The stems of a listing's words, as its index holds them, with its Spanish stems (the
    /// listing's `titleStems` and `descriptionStems`, when it has them).
    static func stems(of words: some Sequence<String>, spanish: [String?] = []) -> Set<String> {
        Set(words.map(PorterStemmer.stem)).union(spanish.compactMap { $0 }.flatMap { $0.split(separator: " ").map(String.init) })
    }

    /// Whether a listing whose words have these stems holds every term.
    func matches(stems: Set<String>) -> Bool {
        terms.allSatisfy { term in
            stems.contains(term.stem) || (term.isPrefix && stems.contains { $0.hasPrefix(term.stem) })
                || term.spanish.map(stems.contains) == true
        }
    }
}
