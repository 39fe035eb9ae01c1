import Foundation

/// Body of `POST /api/v1/conversations/{id}/messages`.
public struct SendMessageRequest: Codable, Sendable, Equatable {
    public var text: String?
    /// A key the sender chooses (e.g. a UUID): sending again with the same key yields the
    /// message already stored instead of a second one, so a timed-out send can be retried.
    public var clientId: String?

    public init(text: String?, clientId: String? = nil) {
        self.text = text
        self.clientId = clientId
    }

    public static let textLength = 1...4_000
    public static let clientIdLength = 1...64

    /// The trimmed text and the key, or every field's problem.
    public func validated() -> Result<MessageDraft, FieldErrorList> {
        var errors = FieldErrors()
        let text = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            errors.note("text", "is required")
        } else if text.count > Self.textLength.upperBound {
            errors.note("text", "must be at most \(Self.textLength.upperBound) characters")
        }
        if let clientId, !Self.clientIdLength.contains(clientId.count) || clientId.contains(where: { $0.isWhitespace || $0.isNewline }) {
            errors.note("clientId", "must be 1–\(Self.clientIdLength.upperBound) characters without spaces")
        }
        guard errors.isEmpty else { return .failure(FieldErrorList(errors)) }
        return .success(MessageDraft(text: text, clientId: clientId))
    }
}
