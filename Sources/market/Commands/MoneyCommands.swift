import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Notifications: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Your notifications, newest first.")

    @Flag(help: "Only unread ones.") var unread = false
    @Flag(name: .customLong("read-all"), help: "Mark them all read.") var readAll = false
    @Option(help: "How many to show.") var limit: Int = 30
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            if readAll { try await context.client.send(NotificationEndpoint.markAllRead) }
            let page: NotificationPage = try await context.client.send(NotificationEndpoint.list(unreadOnly: unread, PageRequest(limit: limit)))
            context.output.list(page, page.items, empty: unread ? "No unread notifications." : "No notifications yet.", columns: ["", "WHEN", "MESSAGE"]) {
                [$0.readAt == nil ? "●" : " ", Format.time($0.createdAt), $0.message]
            } footer: {
                [context.output.dim("\(page.unreadCount) unread")]
            }
        }
    }
}

struct LedgerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ledger", abstract: "Money in and out: orders and your expenses.")

    @Option(help: "How many entries to show.") var limit: Int = 30
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let ledger: Ledger = try await context.client.send(MoneyEndpoint.ledger(PageRequest(limit: limit)))
            context.output.list(ledger, ledger.entries, empty: "Nothing in your ledger yet.", columns: ["WHEN", "WHAT", "CATEGORY", "AMOUNT"],
                                alignments: [.left, .left, .left, .right]) { entry in
                let signed = entry.kind == .expense ? -entry.amountCents : entry.amountCents
                return [Format.time(entry.occurredAt), Format.short(entry.title), entry.category, Format.money(signed, entry.currency)]
            } footer: {
                ledger.totals.map { total in
                    "\(total.currency): spent \(Format.money(total.spentCents, total.currency)), "
                        + "earned \(Format.money(total.earnedCents, total.currency)), net \(context.output.bold(Format.money(total.netCents, total.currency)))"
                }
            }
        }
    }
}

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
                    context.output.say("Recorded \(expense.expenseTitle): \(Format.money(expense.amountInCents, expense.currency)). "
                        + context.output.dim("(\(expense.id.wireString))"))
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
                context.output.say("Expense deleted.")
            }
        }
    }
}
