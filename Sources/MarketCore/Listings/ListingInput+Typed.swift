import Foundation

extension ListingInput {
    /// A listing as a person typed it in an editor (the web's or an app's): blank text is
    /// absent, prices are as typed ("12.50"), textbook details count only for a textbook, and
    /// the rent unit only with a rent price. Answers the body and the problems of amounts that
    /// are not numbers, under `salePriceCents` and `rentPriceCents`.
    public static func typed(title: String?, description: String?, categories: [String], condition: String?,
                             author: String?, edition: String?, isbn: String?, courseCode: String?,
                             salePrice: String?, rentPrice: String?, rentUnit: String?, openToTrade: Bool,
                             currency: String?, deposit: String? = nil, language: String? = nil) -> (ListingInput, FieldErrors) {
        func blankIsNil(_ text: String?) -> String? {
            guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
            return trimmed
        }
        var errors = FieldErrors()
        let sale = MoneyText.field(salePrice, named: "salePriceCents", into: &errors)
        let rent = MoneyText.field(rentPrice, named: "rentPriceCents", into: &errors)
        let depositCents = MoneyText.field(deposit, named: "depositCents", into: &errors)
        let book = TextbookDetails(author: blankIsNil(author), edition: blankIsNil(edition),
                                   isbn: blankIsNil(isbn), courseCode: blankIsNil(courseCode))
        let hasBook = [book.author, book.edition, book.isbn, book.courseCode].contains { $0 != nil }
        let isTextbook = categories.contains(ListingCategory.textbooks.rawValue)
        let input = ListingInput(
            title: title ?? "", description: description ?? "", categories: categories,
            condition: blankIsNil(condition), salePriceCents: sale, rentPriceCents: rent,
            rentUnit: rent == nil ? nil : blankIsNil(rentUnit), openToTrade: openToTrade,
            currency: currency, textbook: hasBook && isTextbook ? book : nil, depositCents: depositCents,
            language: blankIsNil(language))
        return (input, errors)
    }
}
