import Foundation

public struct ReviewDraft: Sendable, Equatable {
    public var rating: Int
    public var text: String?
}

/// `POST /api/v1/reviews/{id}/reply`: the reviewed person answers, once.
public struct ReviewReplyRequest: Codable, Sendable, Equatable {
    public var text: String?
    public init(text: String) { self.text = text }

    public func validated() -> Result<String, FieldErrorList> {
        let text = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return .failure(FieldErrorList(["text": "is required"])) }
        if text.count > ReviewRequest.textLength { return .failure(FieldErrorList(["text": "must be at most \(ReviewRequest.textLength) characters"])) }
        return .success(text)
    }
}

/// A review, as the reviewed person's profile lists it.
public struct Review: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var orderId: UUID
    public var rating: Int
    public var text: String?
    public var authorId: UUID
    public var authorName: String
    public var subjectId: UUID
    /// The item the order was for.
    public var listingTitle: String
    /// Whether the reviewer bought (or rented, or traded for) the item, or sold it.
    public var authorRole: String
    public var reply: String?
    public var repliedAt: Date?
    public var createdAt: Date

    public init(id: UUID, orderId: UUID, rating: Int, text: String?, authorId: UUID, authorName: String, subjectId: UUID,
                listingTitle: String, authorRole: String, reply: String?, repliedAt: Date?, createdAt: Date) {
        self.id = id
        self.orderId = orderId
        self.rating = rating
        self.text = text
        self.authorId = authorId
        self.authorName = authorName
        self.subjectId = subjectId
        self.listingTitle = listingTitle
        self.authorRole = authorRole
        self.reply = reply
        self.repliedAt = repliedAt
        self.createdAt = createdAt
    }
}
