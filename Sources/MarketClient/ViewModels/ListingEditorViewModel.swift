import Foundation
import MarketCore
import Observation

/// The multi-step listing editor (Teebay's steps: title → categories → description and
/// condition → textbook details for a textbook → photos → prices → summary). A step does not
/// advance while one of its fields is invalid, by the same rules the server applies; editing
/// starts with the listing's values filled in. Nothing is sent before `save()`.
@MainActor
@Observable
public final class ListingEditorViewModel: ScreenModel {
    public private(set) var step: ListingEditorStep = .title

    public var title = ""
    public var categories: Set<ListingCategory> = []
    public var description = ""
    public var condition: ListingCondition?
    public var author = ""
    public var edition = ""
    public var isbn = ""
    public var courseCode = ""
    /// Prices as typed ("12.50"); empty means not offered that way.
    public var salePrice = ""
    public var rentPrice = ""
    /// Optional, for rentals: held from hand-over until the return is confirmed.
    public var deposit = ""
    public var rentUnit: RentUnit = .day
    public var openToTrade = false
    /// The language it is written in; nil: the server tells it from the words.
    public var language: ListingLanguage?

    /// Photos already on the listing (editing), in order.
    public private(set) var photos: [ListingPhoto] = []
    /// Photos picked here, uploaded by `save()` after the listing exists.
    public private(set) var newPhotos: [FileUpload] = []

    /// The listing as saved, once `save()` succeeded.
    public private(set) var saved: Listing?
    /// A new listing or an edit saved while the server could not be reached: it is sent once it
    /// can be; an edit is refused (failed, the fields kept as `OutboxItem.draft(as:)`) if the
    /// listing changed meanwhile.
    public private(set) var waiting: OutboxItem?
    /// What the book sold for on campus, for the prices step (`loadPriceGuidance()`).
    public private(set) var priceGuidance: PriceGuidance?

    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let client: APIClient
    /// The listing being edited; set once a new listing is created, so saving again replaces it.
    @ObservationIgnored private var editing: UUID?
    /// The version the edit is made from, sent as `If-Match`: an edit of a listing changed
    /// meanwhile (on another device) is refused, not applied over that change.
    @ObservationIgnored private var version: Int?

    /// Asks what the book (its ISBN, in its condition) sold for on campus; nothing for a listing
    /// that is not a book with a valid ISBN. Call when the prices step appears.
    public func loadPriceGuidance() async {
        guard let isbn = ISBN.normalize(isbn), let condition else { priceGuidance = nil; return }
        priceGuidance = try? await client.send(PriceGuidanceEndpoint.guidance(isbn: isbn, condition: condition))
    }

    /// A new listing.
    public init(client: APIClient) {
        self.client = client
        editing = nil
    }

    /// Editing `listing`: every step starts filled in.
    public init(client: APIClient, editing listing: Listing) {
        self.client = client
        editing = listing.id
        version = listing.version
        title = listing.title
        categories = Set(listing.categories)
        description = listing.description
        condition = listing.condition
        author = listing.textbook?.author ?? ""
        edition = listing.textbook?.edition ?? ""
        isbn = listing.textbook?.isbn ?? ""
        courseCode = listing.textbook?.courseCode ?? ""
        salePrice = listing.salePriceCents.map(MoneyText.plain) ?? ""
        rentPrice = listing.rentPriceCents.map(MoneyText.plain) ?? ""
        deposit = listing.depositCents.map(MoneyText.plain) ?? ""
        rentUnit = listing.rentUnit ?? .day
        openToTrade = listing.openToTrade
        language = ListingLanguage(code: listing.language)
        photos = listing.photos
    }

    public var isEditing: Bool { editing != nil }
    public var steps: [ListingEditorStep] { ListingEditorStep.steps(isTextbook: categories.contains(.textbooks)) }
    public var stepNumber: Int { (steps.firstIndex(of: step) ?? 0) + 1 }
    public var isLastStep: Bool { step == steps.last }
    /// Whether `next()` would move on (the current step's fields are valid).
    public var canAdvance: Bool { problems(on: step).isEmpty }

    /// Moves to the next step, or shows the current step's problems and stays.
    public func next() {
        let here = problems(on: step)
        fieldErrors = here
        errorMessage = nil
        guard here.isEmpty, let index = steps.firstIndex(of: step), index + 1 < steps.count else { return }
        step = steps[index + 1]
    }

    public func back() {
        fieldErrors = [:]
        if let index = steps.firstIndex(of: step), index > 0 { step = steps[index - 1] }
    }

    /// Jumps back to an earlier step (from the summary); a later one is reached only by `next()`.
    public func go(to target: ListingEditorStep) {
        guard let here = steps.firstIndex(of: step), let there = steps.firstIndex(of: target), there <= here else { return }
        fieldErrors = [:]
        step = target
    }

    public func addPhoto(_ data: Data, filename: String, contentType: String) {
        newPhotos.append(FileUpload(field: "photo", filename: filename, contentType: contentType, data: data))
    }

    public func removeNewPhoto(at index: Int) {
        if newPhotos.indices.contains(index) { newPhotos.remove(at: index) }
    }

    /// Removes a saved photo from the listing now (editing).
    public func deletePhoto(_ photo: ListingPhoto) async {
        guard let editing else { return }
        if await perform({ try await client.send(ListingEndpoint.deletePhoto(listing: editing, photo: photo.id)) }) != nil {
            photos.removeAll { $0.id == photo.id }
        }
    }

    /// Creates or replaces the listing, then uploads the new photos. On a problem the editor
    /// goes to the first step that has one; a photo the server refuses stays in `newPhotos`.
    @discardableResult
    public func save() async -> Bool {
        let all = allProblems
        guard all.isEmpty else { return stop(at: all) }
        let input = self.input.0
        // A new listing still waiting is not made twice: it is sent as it was kept, and photos
        // added since wait behind it.
        if editing == nil, let waiting, client.store?.outbox.contains(where: { $0.id == waiting.id }) == true {
            return await keepPhotos(after: waiting)
        }
        let endpoint = editing.map { ListingEndpoint.replace($0, input, version: version) } ?? .create(input)
        let named = input.title ?? title
        let summary: Phrase = editing == nil ? "New listing: \(named)" : "Edit: \(named)"
        let delivery = await perform { try await client.sendOrKeep(endpoint, as: Listing.self, summary: summary) }
        if case .waiting(let item)? = delivery {
            waiting = item
            return await keepPhotos(after: item)
        }
        // A 412: the listing changed since it was opened. The fields stay as typed, to save again
        // over the fresh copy once it is loaded.
        guard case .sent(var listing)? = delivery else { return stop(at: fieldErrors) }
        editing = listing.id
        version = listing.version
        while let upload = newPhotos.first {
            guard let photo: ListingPhoto = await perform({ try await client.send(ListingEndpoint.addPhoto(listing.id, upload)) }) else {
                photos = listing.photos
                saved = listing
                step = .photos
                return false
            }
            listing.photos.append(photo)
            newPhotos.removeFirst()
        }
        photos = listing.photos
        saved = listing
        return true
    }

    /// Keeps the new photos in the outbox behind `item` (the listing's creation or edit, waiting),
    /// to be uploaded to the listing once it is made.
    private func keepPhotos(after item: OutboxItem) async -> Bool {
        while let upload = newPhotos.first {
            let photo = { @Sendable [editing] (placeholder: UUID) -> any Endpoint in ListingEndpoint.addPhoto(editing ?? placeholder, upload) }
            guard await perform({ try await client.keep(after: item, photo, summary: "Photo: \(upload.filename)") }) != nil else { return false }
            newPhotos.removeFirst()
        }
        return true
    }

    /// The listing body, and the problems of amounts that are not numbers. The currency is
    /// left to the server's default.
    public var input: (ListingInput, FieldErrors) {
        ListingInput.typed(
            title: title, description: description,
            categories: ListingCategory.allCases.filter(categories.contains).map(\.rawValue),
            condition: condition?.rawValue, author: author, edition: edition, isbn: isbn, courseCode: courseCode,
            salePrice: salePrice, rentPrice: rentPrice, rentUnit: rentUnit.rawValue, openToTrade: openToTrade,
            currency: nil, deposit: deposit, language: language?.rawValue)
    }

    /// The problems of the fields `step` asks for.
    public func problems(on step: ListingEditorStep) -> FieldErrors {
        allProblems.filter { step.asks($0.key) }
    }

    /// Every problem of the listing as typed, by the server's rules (checked before sending:
    /// the currency is the server's default, so any valid code stands in for it here).
    private var allProblems: FieldErrors {
        let (input, typing) = self.input
        return input.editorProblems(typing: typing, photoCount: photos.count + newPhotos.count)
    }

    private func stop(at problems: FieldErrors) -> Bool {
        if let first = steps.first(where: { step in problems.keys.contains(where: step.asks) }) { step = first }
        fieldErrors = problems
        if errorMessage == nil, !problems.isEmpty { errorMessage = APIClientError.invalid(problems).message }
        return false
    }
}
