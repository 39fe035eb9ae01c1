import Foundation

/// `POST /api/v1/orders/{id}/review`: a completed order's party rates the other.
public struct ReviewRequest: Codable, Sendable, Equatable {
    public var rating: Int?
    public var text: String?

    public init(rating: Int, text: String? = nil) {
        self.rating = rating
        self.text = text
    }

    public static let ratings = 1...5
    public static let textLength = 1_000

    public func validated() -> Result<ReviewDraft, FieldErrorList> {
        var errors = FieldErrors()
        if let rating { if !Self.ratings.contains(rating) { errors.note("rating", "must be a whole number from 1 to 5") } }
        else { errors.note("rating", "is required: 1 to 5 stars") }
        let text = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let text, text.count > Self.textLength { errors.note("text", "must be at most \(Self.textLength) characters") }
        guard errors.isEmpty, let rating else { return .failure(FieldErrorList(errors)) }
        return .success(ReviewDraft(rating: rating, text: text?.isEmpty == true ? nil : text))
    }
}

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

/// A person's ratings in short: shown on every profile and seller card.
public struct RatingSummary: Codable, Sendable, Equatable {
    /// Mean of the ratings, to one decimal; 0 when there are none.
    public var average: Double
    public var count: Int

    public init(average: Double, count: Int) {
        self.average = average
        self.count = count
    }

    /// Someone nobody has reviewed yet.
    public static let unrated = RatingSummary(average: 0, count: 0)

    /// "4.7 ★ (12 reviews)", or "No reviews yet".
    public var label: String {
        count == 0 ? "No reviews yet" : String(format: "%.1f ★ (%d review%@)", average, count, count == 1 ? "" : "s")
    }
}
