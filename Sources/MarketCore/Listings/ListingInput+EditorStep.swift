extension ListingInput {
    /// Whether a draft has its answers for `step` (not whether they are valid): the editor
    /// asks a step's questions until it does. Beside `ListingEditorStep.fields`, so what each step
    /// holds is said in one place.
    public func hasAnswered(_ step: ListingEditorStep) -> Bool {
        switch step {
        case .title: title != nil
        case .categories: !(categories ?? []).isEmpty
        case .details: condition != nil
        case .textbook: textbook != nil
        case .photos, .summary: true
        case .prices: salePriceCents != nil || rentPriceCents != nil || openToTrade != nil
        }
    }

    /// Forgets the answers of `step`, to ask it again (a rule across its fields failed).
    public mutating func clear(_ step: ListingEditorStep) {
        switch step {
        case .title: title = nil
        case .categories: categories = nil
        case .details: condition = nil; description = nil; language = nil
        case .textbook: textbook = nil
        case .prices: salePriceCents = nil; rentPriceCents = nil; rentUnit = nil; openToTrade = nil
        case .photos, .summary: break
        }
    }
}
