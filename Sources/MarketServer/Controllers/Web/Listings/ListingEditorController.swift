import Foundation
import MarketCore
import Vapor

/// The multi-step listing editor (Teebay's steps: title → categories → description and
/// condition → textbook details → photos → prices → summary), for a new listing (`/sell`) and
/// for editing one (`/listings/{id}/edit`, owner only). A step cannot advance while invalid;
/// going back keeps everything typed. Photos are checked and stripped as they are uploaded and
/// attached when the listing is published.
struct ListingEditorController: RouteCollection {
    /// Room for a few photos at once, plus the form's own fields.
    static let maxBody = ByteCount(value: 3 * PhotoStore.maxBytes + 256 * 1024)

    func boot(routes: any RoutesBuilder) throws {
        routes.get("sell", use: newListing)
        routes.on(.POST, "sell", body: .collect(maxSize: Self.maxBody), use: submitNew)
        routes.get("listings", ":listingID", "edit", use: editListing)
        routes.on(.POST, "listings", ":listingID", "edit", body: .collect(maxSize: Self.maxBody), use: submitEdit)
    }

    enum Mode {
        case create
        case edit(UUID)

        var action: String {
            switch self {
            case .create: "/sell"
            case .edit(let id): "/listings/\(id.wireString)/edit"
            }
        }

        var heading: Phrase {
            switch self {
            case .create: "Sell something"
            case .edit: "Edit listing"
            }
        }

        /// The last step's button.
        var publishLabel: Phrase {
            switch self {
            case .create: "Publish listing"
            case .edit: "Save changes"
            }
        }
    }

    func newListing(req: Request) async throws -> Response {
        _ = try req.requireWebSession()
        return try await render(req, ListingEditorForm(), step: .title, mode: .create)
    }

    func editListing(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let id = try req.uuidParameter("listingID")
        let record = try await req.domain.listings.owned(id, by: session.user)
        let listing = try await req.domain.listingPresenter.presentDetail(record, viewerSignedIn: true)
        let files = listing.photos.compactMap { $0.url.split(separator: "/").last.map(String.init) }
        return try await render(req, ListingEditorForm(listing, photoFileNames: files), step: .title, mode: .edit(id))
    }

    func submitNew(req: Request) async throws -> Response {
        _ = try req.requireWebSession()
        return try await submit(req, mode: .create)
    }

    func submitEdit(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let id = try req.uuidParameter("listingID")
        _ = try await req.domain.listings.owned(id, by: session.user)
        return try await submit(req, mode: .edit(id))
    }

    private func submit(_ req: Request, mode: Mode) async throws -> Response {
        let session = try req.requireWebSession()
        var form = try req.formBody(ListingEditorForm.self)
        let steps = form.steps
        var step = ListingEditorForm.Step(rawValue: form.step ?? "") ?? .title
        if !steps.contains(step) { step = .categories }
        let go = form.go ?? "next"
        let currency = req.application.settings.defaultCurrency

        // New photos first: whatever button was pressed, a chosen file is not dropped.
        let uploads = (form.upload ?? []).filter { $0.data.readableBytes > 0 }
        if !uploads.isEmpty {
            var names = form.photos ?? []
            for file in uploads {
                guard names.count < ListingPhoto.maxPerListing else {
                    return try await render(req, form, step: .photos, mode: mode, errors: ["photo": "A listing has at most \(ListingPhoto.maxPerListing) photos."], status: .conflict)
                }
                do {
                    names.append(try await req.domain.listingPhotos.stage(Array(buffer: file.data), by: session.user))
                } catch let error as APIError {
                    form.photos = names
                    let problem = error.fields?["photo"].map { "“\(file.filename)” \($0)." } ?? error.message
                    return try await render(req, form, step: .photos, mode: mode, errors: ["photo": problem], status: error.status)
                }
            }
            form.photos = names
        }

        if go.hasPrefix("remove:") {
            form.photos?.removeAll { $0 == go.dropFirst(7) }
            return try await render(req, form, step: .photos, mode: mode)
        }
        if go.hasPrefix("up:"), var photos = form.photos, let index = photos.firstIndex(of: String(go.dropFirst(3))), index > 0 {
            photos.swapAt(index, index - 1)
            form.photos = photos
            return try await render(req, form, step: .photos, mode: mode)
        }
        if go == "upload" { return try await render(req, form, step: .photos, mode: mode) }
        if go == "back", let index = steps.firstIndex(of: step), index > 0 {
            return try await render(req, form, step: steps[index - 1], mode: mode)
        }
        if go.hasPrefix("to:"), let target = ListingEditorForm.Step(rawValue: String(go.dropFirst(3))), steps.contains(target) {
            return try await render(req, form, step: target, mode: mode)
        }

        let problems = form.problems(defaultCurrency: currency)
        if go == "publish" {
            if let first = steps.first(where: { !Set($0.webFields).isDisjoint(with: problems.keys) }) {
                return try await render(req, form, step: first, mode: mode, errors: problems, status: .unprocessableEntity)
            }
            return try await publish(req, form, mode: mode, user: session.user)
        }
        // "next": this step must be valid before the next one.
        let here = problems.filter { step.webFields.contains($0.key) }
        if !here.isEmpty { return try await render(req, form, step: step, mode: mode, errors: here, status: .unprocessableEntity) }
        let index = steps.firstIndex(of: step) ?? 0
        return try await render(req, form, step: steps[min(index + 1, steps.count - 1)], mode: mode)
    }

    private func publish(_ req: Request, _ form: ListingEditorForm, mode: Mode, user: UserRecord) async throws -> Response {
        let services = req.domain
        let (input, _) = form.input(defaultCurrency: services.settings.defaultCurrency)
        do {
            let listingID: UUID
            switch mode {
            case .create: listingID = try await services.listings.create(input, by: user).requireID()
            case .edit(let id): listingID = try await services.listings.replace(id, with: input, by: user).requireID()
            }
            try await services.listingPhotos.setPhotos(form.photos ?? [], of: listingID, by: user)
            let notice: Notice = if case .create = mode { .listingPublished } else { .listingSaved }
            return req.seeOther("/listings/\(listingID.wireString)", notice: notice)
        } catch let error as APIError where error.status == .conflict || error.status == .unprocessableEntity {
            return try await render(req, form, step: .summary, mode: mode, errors: ["form": error.message], status: error.status)
        }
    }

    // MARK: Rendering

    /// One step of the editor's progress line: behind, here, or ahead. Not a button: the editor
    /// moves by its Back and Next buttons, so the line only shows where the seller is.
    struct StepItem: Encodable { var label: Phrase; var current: Bool; var done: Bool }
    struct Check: Encodable { var value: String; var label: Phrase; var checked: Bool }
    struct Hidden: Encodable { var name: String; var value: String }
    struct Photo: Encodable { var name: String; var url: String; var alt: String; var canMoveUp: Bool }
    struct Fact: Encodable { var term: Phrase; var value: String; var step: String }

    struct Content: Encodable {
        var heading: Phrase
        var publishLabel: Phrase
        var action: String
        var step: String
        var stepNumber: Int
        var stepCount: Int
        var steps: [StepItem]
        var fields: [FormField]
        var categories: [Check]
        var categoriesError: Phrase?
        var photos: [Photo]
        var photoError: Phrase?
        var photoRoom: Int
        var openToTrade: Bool
        var offersError: Phrase?
        var hidden: [Hidden]
        var summary: [Fact]
        var formError: Phrase?
        var isFirst: Bool
        var isLast: Bool
        /// On the prices step of a book: what it sold for on campus (`PriceGuidance`).
        var priceGuidance: Phrase?
    }

    func render(_ req: Request, _ form: ListingEditorForm, step: ListingEditorForm.Step, mode: Mode,
                errors: FieldErrors = [:], status: HTTPResponseStatus = .ok) async throws -> Response {
        let steps = form.steps
        let index = steps.firstIndex(of: step) ?? 0
        let photoNames = form.photos ?? []
        // The thumbnails are the 320 px copies: eight camera originals are 20 MB on a phone.
        let files = step == .photos ? try await PhotoFiles(database: req.db).files(photoNames.filter(PhotoStore.isOriginalName)) : [:]
        let content = Content(
            heading: mode.heading, publishLabel: mode.publishLabel, action: mode.action, step: step.rawValue, stepNumber: index + 1, stepCount: steps.count,
            steps: steps.enumerated().map { index, item in
                StepItem(label: item.label, current: item == step, done: index < (steps.firstIndex(of: step) ?? 0))
            },
            fields: Self.fields(for: step, form, errors: errors),
            categories: ListingCategory.allCases.map {
                Check(value: $0.rawValue, label: $0.label, checked: (form.categories ?? []).contains($0.rawValue))
            },
            categoriesError: errors["categories"].map { FormField.sentence("Categories", $0) },
            photos: photoNames.enumerated().map { index, name in
                let thumbnail = files[name]?.variantWidths.first.map { PhotoStore.variantName(of: name, width: $0) } ?? name
                return Photo(name: name, url: "/photos/" + thumbnail, alt: ("Photo \(index + 1)" as Phrase).localized, canMoveUp: index > 0)
            },
            photoError: errors["photo"] ?? errors["photos"].map { FormField.sentence("Photos", $0) },
            photoRoom: max(0, ListingPhoto.maxPerListing - photoNames.count),
            openToTrade: form.openToTrade == "on",
            offersError: errors["offers"].map { _ in "Give a sale price, a rent price, or choose open to trade." },
            hidden: Self.hidden(form, showing: step),
            summary: Self.summary(form, currency: req.application.settings.defaultCurrency),
            formError: errors["form"], isFirst: index == 0, isLast: step == .summary,
            priceGuidance: step == .prices ? try await form.priceGuidance(req) : nil)
        let title: Phrase = "\(content.heading): \(step.label)"
        return try await req.renderPage("editor", title: title, content, status: status)
    }

    static func fields(for step: ListingEditorForm.Step, _ form: ListingEditorForm, errors: FieldErrors) -> [FormField] {
        switch step {
        case .title:
            return [FormField("title", "Title", value: form.title, errors: errors,
                              hint: "What is it? For example “Calculus, 8th edition” or “IKEA desk, white”.")]
        case .details:
            return [
                FormField("description", "Description", kind: "textarea", value: form.description, errors: errors,
                          hint: "Size, what is included, where to pick it up. Optional."),
                .select("condition", "Condition", choices: [(value: "", label: "Choose…")] + ListingCondition.allCases.map { (value: $0.rawValue, label: $0.label) },
                        selected: form.condition, errors: errors),
                // Each language in its own name, as a reader of it looks for it.
                .select("language", "Written in", choices: [(value: "", label: "Tell from the words")]
                        + ListingLanguage.allCases.map { (value: $0.rawValue, label: .verbatim(Localizer.nativeNames[$0.rawValue] ?? $0.rawValue)) },
                        selected: form.language, errors: errors, hint: "Search finds other forms of its words in this language."),
            ]
        case .textbook:
            return [
                FormField("author", "Author", value: form.author, errors: errors),
                FormField("edition", "Edition", value: form.edition, errors: errors),
                FormField("isbn", "ISBN", value: form.isbn, errors: errors, hint: "10 or 13 digits, with or without hyphens.", inputMode: "numeric"),
                FormField("courseCode", "Course code", value: form.courseCode, errors: errors, hint: "For example MATH 221."),
            ]
        case .prices:
            return [
                FormField("salePrice", "Sale price (optional)", value: form.salePrice, errors: errors, hint: "Leave empty if it is not for sale.", inputMode: "decimal"),
                FormField("rentPrice", "Rent price (optional)", value: form.rentPrice, errors: errors, inputMode: "decimal"),
                .select("rentUnit", "Rent per", choices: RentUnit.allCases.map { (value: $0.rawValue, label: $0 == .hour ? "hour" : "day") },
                        selected: form.rentUnit ?? RentUnit.day.rawValue, errors: errors),
                FormField("deposit", "Deposit (optional)", value: form.deposit, errors: errors,
                          hint: "For rentals: held when you hand it over, returned when you confirm it is back.", inputMode: "decimal"),
            ]
        case .categories, .photos, .summary:
            return []
        }
    }

    /// Every field the current step does not show, so it travels with the form.
    static func hidden(_ form: ListingEditorForm, showing step: ListingEditorForm.Step) -> [Hidden] {
        var hidden: [Hidden] = []
        let shown = Set(step.webFields)
        let values: [(String, String?)] = [
            ("title", form.title), ("description", form.description), ("condition", form.condition),
            ("author", form.author), ("edition", form.edition), ("isbn", form.isbn), ("courseCode", form.courseCode),
            ("salePrice", form.salePrice), ("rentPrice", form.rentPrice), ("rentUnit", form.rentUnit), ("deposit", form.deposit),
            ("openToTrade", form.openToTrade), ("language", form.language),
        ]
        for (name, value) in values where !shown.contains(name) {
            if let value, !value.isEmpty { hidden.append(Hidden(name: name, value: value)) }
        }
        if step != .categories {
            hidden += (form.categories ?? []).map { Hidden(name: "categories[]", value: $0) }
        }
        hidden += (form.photos ?? []).map { Hidden(name: "photos[]", value: $0) }
        return hidden
    }
}
