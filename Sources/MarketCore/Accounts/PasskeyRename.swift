import Foundation

/// `PATCH /api/v1/me/passkeys/{id}`.
public struct PasskeyRename: Codable, Sendable, Equatable {
    public var name: String?
    public init(name: String?) { self.name = name }

    public static let defaultName = "Passkey"
    public static let nameMaxLength = 60

    static func normalize(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func problem(_ normalized: String, required: Bool) -> Phrase? {
        if normalized.isEmpty { return required ? "is required" : nil }
        if normalized.count > nameMaxLength { return "must be at most \(nameMaxLength) characters" }
        return nil
    }

    public func validated() -> Result<String, FieldErrorList> {
        let name = Self.normalize(self.name ?? "")
        if let problem = Self.problem(name, required: true) { return .failure(FieldErrorList(["name": problem])) }
        return .success(name)
    }
}
