import ArgumentParser
import Foundation
import MarketClient
import MarketCore

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
            if !input.hasAnswered(step) {
                output.note(.verbatim(output.bold(step.label.localized)))
                for question in questions(for: step) where question.when(input) { try ask(question, into: &input) }
            }
            let problems = self.problems(of: input).filter { step.asks($0.key) }
            if !problems.isEmpty {  // a rule across the step's fields (at least one way to get it)
                for (_, problem) in problems.sorted(by: { $0.key < $1.key }) { output.fail(message: problem) }
                input.clear(step)
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
                output.fail(message: .verbatim(problem))
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
        func isAmount(_ text: String) -> String? { text.isEmpty || MoneyText.parse(text) != nil ? nil : MoneyText.typingProblem.localized }
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
                    Question(field: "description", text: "Description (optional):") { $1.description = $0 },
                    Question(field: "language", text: "Written in (en, es; empty: told from the words):") { $1.language = optional($0.lowercased()) }]
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
}
