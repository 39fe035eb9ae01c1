import MarketCore

/// PostgreSQL: the accented Latin letters `SearchWords.fold` folds, and what each becomes, as the
/// two strings of SQL's `translate(text, from, to)`, which the full-text index reads its words
/// through (`SearchIndex`), so that the index and a typed word fold alike (`cálculo`, `calculo`).
enum AccentFolding {
    static let (from, to): (String, String) = {
        var (from, to) = ("", "")
        for value in SearchWords.foldedLetters {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { continue }
            let letter = String(scalar), folded = SearchWords.fold(letter)
            guard folded != letter, folded.unicodeScalars.count == 1, folded.unicodeScalars.first!.isASCII else { continue }
            from += letter
            to += folded
        }
        return (from, to)
    }()
}
