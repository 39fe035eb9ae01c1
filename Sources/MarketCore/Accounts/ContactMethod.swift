import Foundation

/// How a seller wants to be reached; shown to signed-in users on the seller's listings.
public struct ContactMethod: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case email
        case phone
    }

    public var kind: Kind
    public var value: String

    /// "Phone: 555 0100", as a page or a terminal shows it.
    public var label: Phrase { "\(Phrase(kind.rawValue.capitalized)): \(value)" }

    public init(kind: Kind, value: String) {
        self.kind = kind
        self.value = value
    }

    /// The problem with `value` for its kind, or nil when it is acceptable.
    public static func valueProblem(kind: Kind, value: String) -> Phrase? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        switch kind {
        case .email:
            return AccountRules.emailProblem(AccountRules.normalizeEmail(trimmed))
        case .phone:
            let digits = trimmed.filter(\.isASCIIDigit).count
            let allowed = trimmed.allSatisfy { $0.isASCIIDigit || " +-().".contains($0) }
            guard allowed, (7...15).contains(digits) else {
                return "must be a phone number of 7–15 digits"
            }
            return nil
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
