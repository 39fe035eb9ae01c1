import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Ledger and expenses")
struct LedgerTests {
    @Test("a completed order writes the buyer's expense and the seller's earning, with totals by month and category")
    func orderEntries() async throws {
        try await withTestApp(clock: TestClock()) { app in
            let deal = try await app.deal(.sample("Desk", categories: ["furniture"], salePriceCents: 4_200))
            let order = try await app.placeOrder(deal)
            #expect(try await app.send(.GET, "/api/v1/ledger", token: deal.buyer.token).decode(Ledger.self).entries.isEmpty)
            try await app.act(.accept, on: order.id, token: deal.seller.token)
            try await app.act(.ready, on: order.id, token: deal.seller.token)
            try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode)

            let buyer = try await app.send(.GET, "/api/v1/ledger", token: deal.buyer.token).decode(Ledger.self)
            #expect(buyer.entries.map(\.kind) == [.expense])
            #expect(buyer.entries.first?.amountCents == 4_200)
            #expect(buyer.entries.first?.category == "furniture")
            #expect(buyer.entries.first?.orderId == order.id)
            #expect(buyer.totals == [LedgerTotal(key: nil, currency: "USD", spentCents: 4_200, earnedCents: 0)])
            #expect(buyer.byMonth == [LedgerTotal(key: "2026-11", currency: "USD", spentCents: 4_200, earnedCents: 0)])
            #expect(buyer.byCategory == [LedgerTotal(key: "furniture", currency: "USD", spentCents: 4_200, earnedCents: 0)])
            let seller = try await app.send(.GET, "/api/v1/ledger", token: deal.seller.token).decode(Ledger.self)
            #expect(seller.entries.map(\.kind) == [.earning])
            #expect(seller.totals.first?.netCents == 4_200)
        }
    }

    @Test("featured fees and their refunds are ledger entries")
    func feeEntries() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: seller.token)
            try await app.send(.DELETE, "/api/v1/listings/\(listing.id)/feature", token: seller.token)
            let ledger = try await app.send(.GET, "/api/v1/ledger", token: seller.token).decode(Ledger.self)
            #expect(Set(ledger.entries.map(\.source)) == [.featureFee, .featureRefund])
            #expect(ledger.entries.map(\.amountCents).sorted() == [-500, 500])
            #expect(ledger.byCategory == [LedgerTotal(key: "marketplace_fees", currency: "USD", spentCents: 0, earnedCents: 0)])
        }
    }

    @Test("expenses: Expense Tracker's fields, newest purchase first, total spent, delete own only")
    func expenses() async throws {
        try await withTestApp { app in
            let me = try await app.register()
            let other = try await app.register()
            let day: TimeInterval = 86_400
            let base = Date(timeIntervalSince1970: 1_794_000_000)
            for (title, amount, offset) in [("Coffee", 450, 0.0), ("Textbook", 5_999, -3.0), ("Bus pass", 2_000, 2.0)] {
                let response = try await app.send(.POST, "/api/v1/expenses", json: ExpenseInput(
                    expenseTitle: title, expenseDescription: "for \(title)", amountInCents: amount,
                    dateOfPurchase: base.addingTimeInterval(offset * day)), token: me.token)
                #expect(response.status == .created, "\(response.text)")
            }
            let page = try await app.send(.GET, "/api/v1/expenses?limit=2", token: me.token).decode(ExpensePage.self)
            #expect(page.items.map(\.expenseTitle) == ["Bus pass", "Coffee"])
            #expect(page.totals == [ExpenseTotal(currency: "USD", totalSpentInCents: 8_449)])
            let rest = try await app.send(.GET, "/api/v1/expenses?limit=2&cursor=\(try #require(page.nextCursor))", token: me.token).decode(ExpensePage.self)
            #expect(rest.items.map(\.expenseTitle) == ["Textbook"])
            #expect(rest.nextCursor == nil)

            let coffee = try #require(page.items.dropFirst().first)
            #expect(try await app.send(.DELETE, "/api/v1/expenses/\(coffee.id)", token: other.token).status == .notFound)
            #expect(try await app.send(.DELETE, "/api/v1/expenses/\(coffee.id)", token: me.token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/expenses/\(coffee.id)", token: me.token).status == .notFound)
            let after = try await app.send(.GET, "/api/v1/expenses", token: me.token).decode(ExpensePage.self)
            #expect(after.totals == [ExpenseTotal(currency: "USD", totalSpentInCents: 7_999)])
            #expect(try await app.send(.GET, "/api/v1/ledger", token: me.token).decode(Ledger.self).totals.first?.spentCents == 7_999)
        }
    }

    @Test("a bad expense names every bad field and saves nothing")
    func expenseValidation() async throws {
        try await withTestApp { app in
            let me = try await app.register()
            let response = try await app.send(.POST, "/api/v1/expenses", json: ExpenseInput(
                expenseTitle: "  ", amountInCents: 0, dateOfPurchase: Date().addingTimeInterval(10 * 86_400), currency: "usd"), token: me.token)
            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?.keys.sorted() == ["amountInCents", "currency", "dateOfPurchase", "expenseTitle"])
            #expect(try await app.send(.GET, "/api/v1/expenses", token: me.token).decode(ExpensePage.self).items.isEmpty)
            #expect(try await app.send(.GET, "/api/v1/expenses").status == .unauthorized)
        }
    }
}
