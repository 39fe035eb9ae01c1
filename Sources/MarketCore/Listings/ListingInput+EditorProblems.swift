import Foundation

extension ListingInput {
    /// Every problem of a listing in an editor before it is sent, by the server's own rules: the
    /// amounts typed that are no amount (`typing`, from `typed`), the input's validation, and the
    /// number of photos. The web editor, the SDK's editor view model and the CLI's `sell` ask this
    /// one question; the server checks the same on receipt. Keys are the API's field names (an
    /// editor's step asks for its own, `ListingEditorStep.asks`; the web renames them for its form).
    public func editorProblems(typing: FieldErrors = [:], photoCount: Int = 0, defaultCurrency: String = "USD") -> FieldErrors {
        var all = typing
        if case .failure(let list) = validated(defaultCurrency: defaultCurrency) {
            for (field, problem) in list.fields {
                // An amount that did not parse is already reported in its own words.
                if field == "offers", typing["salePriceCents"] != nil || typing["rentPriceCents"] != nil { continue }
                all.note(field, problem)
            }
        }
        if let problem = ListingPhoto.countProblem(photoCount) { all.note("photos", problem) }
        return all
    }
}

extension ListingPhoto {
    /// What is wrong with a listing of `count` photos, or nil: the one photo limit's one sentence.
    public static func countProblem(_ count: Int) -> Phrase? {
        count > maxPerListing ? "at most \(maxPerListing) photos" : nil
    }
}
