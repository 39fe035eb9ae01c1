/// Extra fields for a listing in the textbooks category.
public struct TextbookDetails: Codable, Sendable, Equatable {
    public var author: String?
    public var edition: String?
    /// ISBN-10 or -13 with or without hyphens on input; always ISBN-13 digits in responses.
    public var isbn: String?
    /// e.g. "MATH 124".
    public var courseCode: String?

    public init(author: String? = nil, edition: String? = nil, isbn: String? = nil, courseCode: String? = nil) {
        self.author = author
        self.edition = edition
        self.isbn = isbn
        self.courseCode = courseCode
    }
}
