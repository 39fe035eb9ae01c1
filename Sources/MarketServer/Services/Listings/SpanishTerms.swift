import MarketCore

/// How the search reads Spanish: a Spanish listing's words are also kept as their Snowball
/// stems (`SpanishStemmer`: "mesas", "mesa" and "mesita" are `mes`; "usada" and "usados", `us`),
/// marked so that no English word reads as one (`0esus` is not "us"), in `listings.title_stems`
/// and `description_stems`, which both databases' text indexes read beside the words. Every
/// typed word may then match either way: as the English rules read it, in any listing, or as
/// its Spanish stem, in a Spanish one (`alternative(for:)`). An English listing is searched as
/// before; a Spanish one keeps its words as typed too, so "de" and a brand name still match.
///
/// The stems are made here, not by PostgreSQL's `spanish` configuration, so that both databases
/// and the saved searches' check in memory (`SearchWordRule`) hold the very same ones.
enum SpanishTerms {
    /// Starts every stem in the indexes: a digit, so PostgreSQL's parser keeps the whole as one
    /// word and stems it not (a `numword`), and no typed English word reads as one.
    static let marker = "0es"

    /// Whether this search asks words as their Spanish stems too: not while no listing is in
    /// Spanish (`SpanishListings`, `ListingSearch.page(_:viewer:)`). Lost where a task-local is
    /// lost (a future's callback), it is true: the search is then only slower, never wrong.
    @TaskLocal static var searched = true

    /// The marked stem a search asks a typed word as (`alternative(for:)`), when it asks any.
    static func asked(for word: String) -> String? { searched ? alternative(for: word) : nil }

    /// The marked stem a typed word (as `SearchWords` gives it) also matches, or nil when it
    /// has none: a number, a little Spanish word that says nothing of a listing (`de`, `para`),
    /// or a word PostgreSQL's English rules drop (`the`): its alternative would then be all that
    /// was asked of the listing.
    static func alternative(for word: String) -> String? {
        guard word.contains(where: \.isLetter), !stopWords.contains(word), !EnglishStopWords.all.contains(word) else { return nil }
        return marker + SearchWords.fold(SpanishStemmer.stem(word))
    }

    /// The marked stems of `texts`' words, each once, as an index reads them; nil for none.
    static func stems(of texts: [String]) -> String? {
        var seen = Set<String>()
        let stems = texts.flatMap { SearchWords.of($0, limit: 2_000) }.compactMap(alternative(for:)).filter { seen.insert($0).inserted }
        return stems.isEmpty ? nil : stems.joined(separator: " ")
    }

    /// Spanish articles, prepositions, conjunctions and pronouns, accents folded.
    static let stopWords: Set<String> = [
        "a", "al", "algo", "algunos", "ante", "como", "con", "contra", "cual", "cuando", "de", "del", "desde", "donde",
        "e", "el", "ella", "ellas", "ellos", "en", "entre", "era", "es", "esa", "esas", "ese", "eso", "esos", "esta",
        "estas", "este", "esto", "estos", "fue", "ha", "hay", "la", "las", "le", "les", "lo", "los", "mas", "me", "mi",
        "mis", "muy", "ni", "no", "nos", "o", "os", "para", "pero", "por", "porque", "que", "quien", "se", "sea", "si",
        "sin", "sobre", "su", "sus", "tambien", "te", "tu", "tus", "u", "un", "una", "uno", "unos", "unas", "y", "ya", "yo",
    ]
}
