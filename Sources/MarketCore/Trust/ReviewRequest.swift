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
