/// The language a listing is written in: its words are stemmed by that language's rules when it
/// is searched (`mesas` finds "mesa" in a Spanish listing). Chosen in the editor, or told from
/// the text (`detect`).
public enum ListingLanguage: String, Codable, Sendable, CaseIterable {
    case english = "en"
    case spanish = "es"

    /// The language the text reads as: the one whose common little words (articles,
    /// prepositions, conjunctions) it holds more of, counting an inverted mark or an ñ for
    /// Spanish; `otherwise` when neither wins (a title like "TI-84 calculator case").
    public static func detect(_ text: String, otherwise: ListingLanguage = .english) -> ListingLanguage {
        var spanish = text.unicodeScalars.filter { "ñÑ¿¡".unicodeScalars.contains($0) }.count
        var english = 0
        for word in SearchWords.of(text, limit: 400) {
            if spanishWords.contains(word) { spanish += 1 }
            if englishWords.contains(word) { english += 1 }
        }
        return spanish == english ? otherwise : (spanish > english ? .spanish : .english)
    }

    /// The listing's language read from a wire or form value: nil for none or an unknown one.
    public init?(code: String?) {
        guard let code = code?.lowercased(), let language = ListingLanguage(rawValue: code) else { return nil }
        self = language
    }

    // Words frequent in one language and rare in the other (`a`, `no`, `son` are in both: left out).
    private static let spanishWords: Set<String> = [
        "el", "la", "los", "las", "un", "una", "unos", "unas", "del", "al", "de", "y", "con", "para", "por", "sin",
        "muy", "es", "esta", "este", "estan", "nuevo", "nueva", "usado", "usada", "buen", "buena", "bueno",
        "estado", "poco", "uso", "se", "que", "como", "incluye", "libro", "mesa", "silla", "venta", "vendo",
    ]
    private static let englishWords: Set<String> = [
        "the", "and", "with", "for", "of", "to", "in", "is", "it", "this", "very", "new", "used", "good", "great",
        "condition", "like", "barely", "includes", "book", "table", "chair", "sale", "selling", "from", "my",
    ]
}
