import MarketCore

extension ListingEditorController {
    /// The last step's facts of the listing as typed, each with the step that changes it.
    static func summary(_ form: ListingEditorForm, currency: String) -> [Fact] {
        func price(_ text: String?) -> String? {
            guard let text, let cents = MoneyText.parse(text) else { return nil }
            return MoneyText.format(cents, currency: currency)
        }
        var facts = [
            Fact(term: "Title", value: form.title ?? "", step: "title"),
            Fact(term: "Categories", value: (form.categories ?? []).compactMap { ListingCategory(rawValue: $0)?.label.localized }.joined(separator: ", "), step: "categories"),
            Fact(term: "Condition", value: form.condition.flatMap(ListingCondition.init(rawValue:))?.label.localized ?? "", step: "details"),
            Fact(term: "Description", value: form.description ?? "", step: "details"),
            Fact(term: "Written in", value: form.language.flatMap { Localizer.nativeNames[$0] } ?? ("Told from the words" as Phrase).localized, step: "details"),
        ]
        if form.isTextbook {
            let book = [form.author, form.edition.map { ("\($0) edition" as Phrase).localized }, form.isbn.map { "ISBN \($0)" }, form.courseCode]
                .compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " · ")
            facts.append(Fact(term: "Textbook", value: book, step: "textbook"))
        }
        facts.append(Fact(term: "Photos", value: "\((form.photos ?? []).count)", step: "photos"))
        var offers: [String] = []
        if let sale = price(form.salePrice) { offers.append(("Sale \(sale)" as Phrase).localized) }
        if let rent = price(form.rentPrice) {
            let unit: Phrase = form.rentUnit == RentUnit.hour.rawValue ? "hour" : "day"
            let deposit = price(form.deposit).map { (", deposit \($0)" as Phrase).localized } ?? ""
            offers.append(("Rent \(rent) / \(unit)" as Phrase).localized + deposit)
        }
        if form.openToTrade == "on" { offers.append(("Open to trade" as Phrase).localized) }
        facts.append(Fact(term: "Prices", value: offers.joined(separator: " · "), step: "prices"))
        return facts
    }
}
