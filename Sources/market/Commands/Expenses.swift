import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Expenses: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Expenses you type in yourself.",
                                                    subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your expenses and what they add up to.")
        @Option(help: "How many to show.") var limit: Int = 30
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await global.run { context in
                try context.requireSignIn()
                let page: ExpensePage = try await context.client.send(MoneyEndpoint.expenses(PageRequest(limit: limit)))
                context.output.list(page, page.items, empty: "No expenses yet: market expenses add \"Lab goggles\" 12.50",
                                    columns: ["ID", "DATE", "TITLE", "AMOUNT"], alignments: [.left, .left, .left, .right]) {
                    [IDPrefix.short($0.id), Format.time($0.dateOfPurchase), Format.short($0.expenseTitle), Format.money($0.amountInCents, $0.currency)]
                } footer: {
                    page.totals.map { "Total: \(context.output.bold(Format.money($0.totalSpentInCents, $0.currency)))" }
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record an expense.",
                                                        discussion: "Example: market expenses add \"Lab goggles\" 12.50 --date 2026-11-20")
        @Argument(help: "What it was.") var title: String
        @Argument(help: "What it cost, e.g. 12.50.") var amount: String
        @Option(help: "When (default: now).") var date: String?
        @Option(help: "A note.") var note: String?
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await global.run { context in
                try context.requireSignIn()
                let input = ExpenseInput(expenseTitle: title, expenseDescription: note, amountInCents: try Parse.amount(amount, option: "amount"),
                                         dateOfPurchase: try date.map { try Parse.time($0, option: "--date") } ?? Date())
                _ = try input.validated(defaultCurrency: "USD", now: Date()).orThrow()
                let expense: Expense = try await context.client.send(MoneyEndpoint.createExpense(input))
                context.output.show(expense) {
                    context.output.say(("Recorded \(expense.expenseTitle): \(Format.money(expense.amountInCents, expense.currency))." as Phrase).localized
                        + " " + context.output.dim("(\(expense.id.wireString))"))
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an expense.")
        @Argument(help: "The expense's id.") var id: String
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await global.run { context in
                try context.requireSignIn()
                try await context.client.send(MoneyEndpoint.deleteExpense(try await context.id(id, .expense)))
                context.output.tell("Expense deleted.")
            }
        }
    }
}
