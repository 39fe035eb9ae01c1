/// Words that say nothing of a listing, in English or Spanish (`the`, `with`, `de`, `para`): a
/// search leaves them out, as PostgreSQL's English rules already did with the English ones, so
/// "mesas para estudiar" finds a study table whose text has no "para". The last word typed
/// stays: it may be a word typed in part (`de` for "desk").
enum LittleWords {
    static func contains(_ word: String) -> Bool {
        EnglishStopWords.all.contains(word) || SpanishTerms.stopWords.contains(word)
    }

    /// `words` without the little ones but the last.
    static func dropped(from words: [String]) -> [String] {
        guard let last = words.last else { return words }
        return words.dropLast().filter { !contains($0) } + [last]
    }
}
