import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// The listing's fields as options, shared by `sell` and `edit`.
struct ListingOptions: ParsableArguments {
    @Option(help: "3–100 characters.") var title: String?
    @Option(help: "A category (repeat for several): \(ListingCategory.allCases.map(\.rawValue).joined(separator: ", ")).")
    var category: [ListingCategory] = []
    @Option(help: "new, like_new, good, fair or poor.") var condition: ListingCondition?
    @Option(help: "A description (up to 5,000 characters).") var description: String?
    @Option(help: "Sale price, e.g. 25 or 12.50.") var price: String?
    @Option(name: .customLong("rent-price"), help: "Rent price per hour or day.") var rentPrice: String?
    @Option(name: .customLong("rent-unit"), help: "hour or day.") var rentUnit: RentUnit?
    @Option(help: "For rentals: a deposit held from hand-over until the return is confirmed, e.g. 50.") var deposit: String?
    @Flag(inversion: .prefixedNo, help: "Open to trade offers.") var trade: Bool?
    @Option(help: "Textbook: ISBN-10 or ISBN-13.") var isbn: String?
    @Option(help: "Textbook: author.") var author: String?
    @Option(help: "Textbook: edition.") var edition: String?
    @Option(help: "Textbook: course code, e.g. MATH 124.") var course: String?

    var isEmpty: Bool {
        title == nil && category.isEmpty && condition == nil && description == nil && price == nil && rentPrice == nil
            && rentUnit == nil && deposit == nil && trade == nil && isbn == nil && author == nil && edition == nil && course == nil
    }

    /// `base` with every option given applied over it.
    func applied(to base: ListingInput) throws -> ListingInput {
        var input = base
        if let title { input.title = title }
        if !category.isEmpty { input.categories = category.map(\.rawValue) }
        if let condition { input.condition = condition.rawValue }
        if let description { input.description = description }
        if let price { input.salePriceCents = try Parse.amount(price, option: "--price") }
        if let rentPrice { input.rentPriceCents = try Parse.amount(rentPrice, option: "--rent-price") }
        if let rentUnit { input.rentUnit = rentUnit.rawValue }
        if let deposit { input.depositCents = try Parse.amount(deposit, option: "--deposit") }
        if input.rentPriceCents != nil, input.rentUnit == nil { input.rentUnit = RentUnit.day.rawValue }
        if let trade { input.openToTrade = trade }
        if isbn != nil || author != nil || edition != nil || course != nil {
            var book = input.textbook ?? TextbookDetails()
            if let isbn { book.isbn = isbn }
            if let author { book.author = author }
            if let edition { book.edition = edition }
            if let course { book.courseCode = course }
            input.textbook = book
        }
        return input
    }
}

struct Sell: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List something: asks for each field step by step, or takes them all as options.",
        discussion: "Example: market sell --title \"Desk lamp\" --category furniture --condition good --price 9")

    @OptionGroup var fields: ListingOptions
    @Option(help: "A photo to upload once listed (repeat for several).") var photo: [String] = []
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            var input = try fields.applied(to: ListingInput(title: nil, categories: nil, condition: nil))
            if Prompt.isInteractive, !context.output.json {
                input = try ListingQuestions(output: context.output).ask(filling: input)
            }
            _ = try input.validated(defaultCurrency: "USD").orThrow()
            var listing: Listing = try await context.client.send(ListingEndpoint.create(input))
            for path in photo {
                let photo = try await PhotoCommand.Add.upload(path, to: listing.id, context: context)
                listing.photos.append(photo)
            }
            context.output.show(listing) {
                context.output.say(context.output.green("Listed.") + " Others can find it now.\n")
                ListingPrinter(output: context.output, server: context.server).print(listing)
            }
        }
    }
}

struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change one of your listings: the options given replace those fields, the rest stays.",
        discussion: "Example: market edit 3f2c… --price 8 --no-trade")

    @Argument(help: "The listing's id.") var id: String
    @OptionGroup var fields: ListingOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let listingID = try await context.id(id, .listing)
            guard !fields.isEmpty else { throw CommandFailure("Nothing to change: give the fields to change, e.g. --price 8 (see market edit --help).") }
            let current: Listing = try await context.client.send(ListingEndpoint.show(listingID))
            let input = try fields.applied(to: ListingInput(current))
            _ = try input.validated(defaultCurrency: current.currency).orThrow()
            let listing: Listing = try await context.client.send(ListingEndpoint.replace(listingID, input))
            context.output.show(listing) {
                context.output.say(context.output.green("Saved.") + "\n")
                ListingPrinter(output: context.output, server: context.server).print(listing)
            }
        }
    }
}

extension ListingInput {
    /// The listing as its own full replacement.
    init(_ listing: Listing) {
        self.init(title: listing.title, description: listing.description, categories: listing.categories.map(\.rawValue),
                  condition: listing.condition.rawValue, salePriceCents: listing.salePriceCents,
                  rentPriceCents: listing.rentPriceCents, rentUnit: listing.rentUnit?.rawValue,
                  openToTrade: listing.openToTrade, currency: listing.currency, textbook: listing.textbook,
                  depositCents: listing.depositCents)
    }
}

/// `market sell` on a terminal: the editor's steps as questions, each answer checked at once
/// by the rules the server applies and asked again until it passes.
struct ListingQuestions {
    let output: Output

    /// One question: the field it fills (as validation names it) and how the answer is kept.
    private struct Question {
        let field: String
        let text: String
        /// Asked only when this holds (the rent unit, once there is a rent price).
        var when: (ListingInput) -> Bool = { _ in true }
        /// A problem with the answer as typed, before it is kept (an amount that is not a number).
        var check: (String) -> String? = { _ in nil }
        let keep: (String, inout ListingInput) -> Void
    }

    func ask(filling start: ListingInput) throws -> ListingInput {
        var input = start
        var step = ListingEditorStep.title
        while step != .summary {
            if !answered(step, input) {
                output.note(output.bold(step.label))
                for question in questions(for: step) where question.when(input) { try ask(question, into: &input) }
            }
            let problems = self.problems(of: input).filter { step.asks($0.key) }
            if !problems.isEmpty {  // a rule across the step's fields (at least one way to get it)
                for (_, problem) in problems.sorted(by: { $0.key < $1.key }) { output.fail(message: problem) }
                clear(step, in: &input)
                continue
            }
            let steps = ListingEditorStep.steps(isTextbook: (input.categories ?? []).contains(ListingCategory.textbooks.rawValue))
            step = steps[(steps.firstIndex(of: step) ?? 0) + 1]
        }
        return input
    }

    private func ask(_ question: Question, into input: inout ListingInput) throws {
        while true {
            guard let typed = Prompt.ask(question.text) else { throw CommandFailure("Stopped: no answer to “\(question.text)”.") }
            let answer = typed.trimmingCharacters(in: .whitespaces)
            if let problem = question.check(answer) {
                output.fail(message: problem)
                continue
            }
            question.keep(answer, &input)
            let problem = problems(of: input).first { $0.key == question.field || $0.key.hasPrefix(question.field + ".") }
            guard let problem else { return }
            output.fail(message: problem.value)
        }
    }

    private func questions(for step: ListingEditorStep) -> [Question] {
        func optional(_ text: String) -> String? { text.isEmpty ? nil : text }
        func amount(_ text: String) -> Int? { text.isEmpty ? nil : MoneyText.parse(text) }
        func isAmount(_ text: String) -> String? { text.isEmpty || MoneyText.parse(text) != nil ? nil : MoneyText.typingProblem }
        switch step {
        case .title:
            return [Question(field: "title", text: "What are you listing?") { $1.title = $0 }]
        case .categories:
            let names = ListingCategory.allCases.map(\.rawValue).joined(separator: ", ")
            return [Question(field: "categories", text: "Categories (\(names)):") {
                $1.categories = $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }]
        case .details:
            let conditions = ListingCondition.allCases.map(\.rawValue).joined(separator: ", ")
            return [Question(field: "condition", text: "Condition (\(conditions)):") { $1.condition = $0 },
                    Question(field: "description", text: "Description (optional):") { $1.description = $0 }]
        case .textbook:
            return [Question(field: "textbook.isbn", text: "ISBN (optional):") { answer, input in
                        input.textbook = TextbookDetails(isbn: optional(answer))
                    },
                    Question(field: "textbook.author", text: "Author (optional):") { $1.textbook?.author = optional($0) },
                    Question(field: "textbook.courseCode", text: "Course code, e.g. MATH 124 (optional):") { $1.textbook?.courseCode = optional($0) }]
        case .prices:
            return [Question(field: "salePriceCents", text: "Sale price (empty if not for sale):", check: isAmount) { $1.salePriceCents = amount($0) },
                    Question(field: "rentPriceCents", text: "Rent price (empty if not for rent):", check: isAmount) { answer, input in
                        input.rentPriceCents = amount(answer)
                        input.rentUnit = input.rentPriceCents == nil ? nil : RentUnit.day.rawValue
                    },
                    Question(field: "rentUnit", text: "Rent per hour or day? (empty: day)", when: { $0.rentPriceCents != nil }) { answer, input in
                        if input.rentPriceCents != nil, !answer.isEmpty { input.rentUnit = answer.lowercased() }
                    },
                    Question(field: "openToTrade", text: "Open to trade offers? (y/N)") { $1.openToTrade = $0.lowercased().hasPrefix("y") }]
        case .photos, .summary:
            return []
        }
    }

    private func problems(of input: ListingInput) -> FieldErrors {
        input.editorProblems()
    }

    private func answered(_ step: ListingEditorStep, _ input: ListingInput) -> Bool {
        switch step {
        case .title: input.title != nil
        case .categories: !(input.categories ?? []).isEmpty
        case .details: input.condition != nil
        case .textbook: input.textbook != nil
        case .photos, .summary: true
        case .prices: input.salePriceCents != nil || input.rentPriceCents != nil || input.openToTrade != nil
        }
    }

    private func clear(_ step: ListingEditorStep, in input: inout ListingInput) {
        switch step {
        case .title: input.title = nil
        case .categories: input.categories = nil
        case .details: input.condition = nil; input.description = nil
        case .textbook: input.textbook = nil
        case .prices: input.salePriceCents = nil; input.rentPriceCents = nil; input.rentUnit = nil; input.openToTrade = nil
        case .photos, .summary: break
        }
    }
}
