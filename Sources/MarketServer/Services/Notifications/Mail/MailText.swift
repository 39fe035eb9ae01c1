import Foundation

/// What of a person's words may go into our mail. Mail to an address nobody has proved carries
/// none (an account's owner could have typed anyone's address, and our mail would carry their
/// words to a stranger); mail to a verified student carries them as one plain line, capped, with
/// anything a mail program would make a link of broken up (`evil[.]example`, `hxxps[:]//`).
enum MailText {
    static let maxLength = 200

    static func userWords(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        let capped = oneLine.count > maxLength ? String(oneLine.prefix(maxLength - 1)) + "…" : oneLine
        return capped.split(separator: " ", omittingEmptySubsequences: false).map { defang(String($0)) }.joined(separator: " ")
    }

    /// A word a mail program could read as an address, a host or a link, made plain text.
    static func defang(_ word: String) -> String {
        let lower = word.lowercased()
        let linkish = lower.contains("://") || lower.contains("@") || lower.hasPrefix("www")
            || lower.contains(where: { $0 == "." }) && word.split(separator: ".").dropFirst().contains { part in
                part.first?.isLetter == true
            }
        guard linkish else { return word }
        return word.replacingOccurrences(of: "://", with: "[:]//")
            .replacingOccurrences(of: ".", with: "[.]")
            .replacingOccurrences(of: "@", with: "[at]")
            .replacingOccurrences(of: "http", with: "hxxp", options: .caseInsensitive)
    }
}
