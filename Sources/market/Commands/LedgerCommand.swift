import ArgumentParser
import Foundation
import MarketClient
import MarketCore

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
