/// The two languages that are not languages, for testing as Android and Xcode do: every word
/// from the catalog comes out changed, so a word that is not from it shows at a glance.
public enum PseudoLocale: String, Sendable, CaseIterable {
    /// Accented and 40% longer English, in brackets: "[Šéļļ ţĥîš îţéɱ one two]". Shows a text not
    /// from the catalog (plain) and a layout that breaks on long text.
    case accented = "en-XA"
    /// English written right to left, each word reversed by bidi marks, on a page that is `dir=rtl`:
    /// proves the layout mirrors.
    case bidi = "ar-XB"

    func transform(_ text: Substring) -> String {
        switch self {
        case .accented: return Self.accent(text)
        case .bidi: return Self.mirror(text)
        }
    }

    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()
    private static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// Letters accented; a text with letters gets 40% more in words and brackets round it. An
    /// HTML entity (`&amp;`) stays whole.
    static func accent(_ text: Substring) -> String {
        guard text.contains(where: \.isLetter) else { return String(text) }
        var output = "["
        var inEntity = false
        for character in text {
            if character == "&" { inEntity = true } else if character == ";" { inEntity = false }
            output.append(inEntity ? character : accents[character] ?? character)
        }
        var extra = (text.count * 2 + 4) / 5
        var words: [String] = []
        while extra > 0 {
            let word = padding[words.count % padding.count]
            words.append(word)
            extra -= word.count + 1
        }
        return output + " " + words.joined(separator: " ") + "]"
    }

    /// Each word between RIGHT-TO-LEFT OVERRIDE and POP DIRECTIONAL FORMATTING, so it reads
    /// backwards as an Arabic word's letters would run.
    static func mirror(_ text: Substring) -> String {
        var output = ""
        var word = ""
        func flush() {
            if !word.isEmpty { output += "\u{202E}" + word + "\u{202C}" }
            word = ""
        }
        for character in text {
            if character.isWhitespace || character.isPunctuation { flush(); output.append(character) } else { word.append(character) }
        }
        flush()
        return output
    }
}
