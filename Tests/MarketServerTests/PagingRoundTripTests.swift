import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Lists ordered by a time and paged by a cursor that carries it: every row once, across pages,
/// with the real clock's fractions of a second (a time that came back an ulp off after its
/// round trip through a cursor once repeated a row).
@Suite("Paging by time")
struct PagingRoundTripTests {
    @Test("the inbox, two conversations a page: every conversation once")
    func inbox() async throws {
        try await withTestApp { app in
            let buyer = try await app.register(name: "Bea Buyer")
            var opened: Set<UUID> = []
            for index in 0..<7 {
                let seller = try await app.register(name: "Seller \(index)")
                let listing = try await app.createListing(.sample("Item \(index)"), token: seller.token)
                opened.insert(try await app.openConversation(about: listing.id, token: buyer.token).id)
            }
            var seen: [UUID] = []
            var cursor: String?
            repeat {
                let page = try await app.send(.GET, "/api/v1/conversations?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), token: buyer.token)
                    .decode(ConversationPage.self)
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count < 20
            #expect(seen.count == 7 && Set(seen) == opened)
        }
    }

    @Test("expenses and the ledger, two a page, each bought at a fraction of a second: every entry once; a deleted anchor still pages on")
    func ledger() async throws {
        try await withTestApp { app in
            let person = try await app.register(name: "Eve")
            var made: [UUID] = []
            for index in 0..<7 {
                let input = ExpenseInput(expenseTitle: "Coffee \(index)", amountInCents: 350, dateOfPurchase: Date().addingTimeInterval(Double(index) * 0.0137))
                let response = try await app.send(.POST, "/api/v1/expenses", json: input, token: person.token)
                #expect(response.status == .created, "\(response.text)")
                made.append(try response.decode(Expense.self).id)
            }
            func all(_ path: String, deletingAfterFirstPage: Bool = false) async throws -> [UUID] {
                var seen: [UUID] = []
                var cursor: String?
                repeat {
                    let page = try await app.send(.GET, path + "?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), token: person.token)
                        .decode(ExpensePage.self)
                    seen += page.items.map(\.id)
                    if deletingAfterFirstPage, seen.count == 2, let last = seen.last {
                        #expect(try await app.send(.DELETE, "/api/v1/expenses/\(last)", token: person.token).status == .noContent)
                    }
                    cursor = page.nextCursor
                } while cursor != nil && seen.count < 20
                return seen
            }
            let expenses = try await all("/api/v1/expenses")
            #expect(expenses.count == 7 && Set(expenses) == Set(made))
            let afterDeletion = try await all("/api/v1/expenses", deletingAfterFirstPage: true)
            #expect(afterDeletion.count == 7 && Set(afterDeletion) == Set(made))
        }
    }
}
