/// Text as a search reads it: lower-case words of letters and digits, each once, in order, at
/// most `limit`. The search box (`SearchText` on the server) and saved searches split text alike.
public enum SearchWords {
    public static func of(_ text: String, limit: Int) -> [String] {
        var words: [String] = [], current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var seen = Set<String>()
        return Array(words.filter { seen.insert($0).inserted }.prefix(limit))
    }
}
