import Foundation

/// Rules for account fields, shared by the server (which enforces them) and clients
/// (which can check a form before sending it).
public enum AccountRules {
    public static let passwordMinLength = 8
    /// bcrypt reads only the first 72 bytes; longer passwords would be silently truncated.
    public static let passwordMaxBytes = 72
    public static let nameMaxLength = 100
    public static let usernameLength = 3...30
    public static let emailMaxLength = 254

    /// Trimmed and lower-cased: the form in which emails are stored and compared.
    public static func normalizeEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Usernames are case-insensitive; they are stored lower-cased.
    public static func normalizeUsername(_ username: String) -> String {
        username.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    public static func normalizeName(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A deliberately plain check (one `@`, a dotted domain, no spaces): real verification is
    /// delivering mail, not parsing RFC 5322.
    public static func emailProblem(_ normalized: String) -> Phrase? {
        if normalized.isEmpty { return "is required" }
        if normalized.count > emailMaxLength { return "must be at most \(emailMaxLength) characters" }
        let parts = normalized.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty,
              normalized.unicodeScalars.allSatisfy({ !CharacterSet.whitespacesAndNewlines.contains($0) && $0.value >= 0x21 && $0.value != 0x7F }) else {
            return "must be an email address like name@example.edu"
        }
        let domainLabels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard domainLabels.count >= 2, domainLabels.allSatisfy({ !$0.isEmpty }) else {
            return "must be an email address like name@example.edu"
        }
        return nil
    }

    public static func passwordProblem(_ password: String) -> Phrase? {
        if password.count < passwordMinLength { return "must be at least \(passwordMinLength) characters" }
        if password.utf8.count > passwordMaxBytes { return "must be at most \(passwordMaxBytes) bytes" }
        return nil
    }

    public static func nameProblem(_ normalized: String) -> Phrase? {
        if normalized.isEmpty { return "is required" }
        if normalized.count > nameMaxLength { return "must be at most \(nameMaxLength) characters" }
        if normalized.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
            return "must not contain control characters"
        }
        return nil
    }

    /// Letters, digits, `_` and `.`, starting with a letter or digit.
    public static func usernameProblem(_ normalized: String) -> Phrase? {
        guard usernameLength.contains(normalized.count) else {
            return "must be \(usernameLength.lowerBound)–\(usernameLength.upperBound) characters"
        }
        let allowed = normalized.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
        }
        guard allowed, let first = normalized.unicodeScalars.first, first != "_", first != "." else {
            return "may contain only letters, digits, '_' and '.', and must start with a letter or digit"
        }
        return nil
    }
}

extension AccountRules {
    /// The name a deleted account shows in the records that outlive it.
    public static let deletedUserName = "Deleted user"
}
