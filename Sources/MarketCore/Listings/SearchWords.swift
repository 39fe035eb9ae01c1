import Foundation

/// Text as a search reads it: lower-case words of letters and digits, each once, in order, at
/// most `limit`, their Latin letters' accents folded (`cálculo` is `calculo`, as SQLite's index
/// reads it and as people type it). The search box (`SearchText` on the server) and saved
/// searches split text alike.
public enum SearchWords {
    public static func of(_ text: String, limit: Int) -> [String] {
        var words: [String] = [], current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(fold(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(fold(current)) }
        var seen = Set<String>()
        return Array(words.filter { seen.insert($0).inserted }.prefix(limit))
    }

    /// Letters with accents in this range (Latin-1 and Latin Extended A and B) lose them; other
    /// scripts' marks are part of their letters and are kept.
    public static let foldedLetters: ClosedRange<UInt32> = 0xC0...0x24F

    /// `word` with the accents of its Latin letters removed (`ñ` is `n`, as in SQLite's index).
    public static func fold(_ word: String) -> String {
        guard word.unicodeScalars.contains(where: { foldedLetters.contains($0.value) }) else { return word }
        var folded = ""
        for character in word {
            if let scalar = character.unicodeScalars.first, foldedLetters.contains(scalar.value) {
                folded += String(character).folding(options: .diacriticInsensitive, locale: nil)
            } else {
                folded.append(character)
            }
        }
        return folded
    }
}
