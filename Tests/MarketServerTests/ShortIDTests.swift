import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing

/// Short ids: the first 8 or more digits of an id name the one thing a caller may see.
@Suite("Short ids")
struct ShortIDTests {
    @Test("a prefix is 8 to 32 hex digits, hyphens anywhere; its range holds exactly the ids it begins")
    func prefixes() throws {
        #expect(IDPrefix("3f2c9a1") == nil && IDPrefix("3f2c9a1g") == nil && IDPrefix("") == nil)
        let prefix = try #require(IDPrefix("3F2C9A1E-8b"))
        #expect(prefix.digits == "3f2c9a1e8b")
        #expect(prefix.range.lowerBound.uuidString == "3F2C9A1E-8B00-0000-0000-000000000000")
        #expect(prefix.range.upperBound.uuidString == "3F2C9A1E-8BFF-FFFF-FFFF-FFFFFFFFFFFF")
        #expect(prefix.matches(UUID(uuidString: "3f2c9a1e-8b4d-4c1a-9e2f-1a2b3c4d5e6f")!))
        #expect(!prefix.matches(UUID(uuidString: "3f2c9a1e-8c4d-4c1a-9e2f-1a2b3c4d5e6f")!))
        #expect(IDPrefix.short(UUID(uuidString: "3F2C9A1E-8B4D-4C1A-9E2F-1A2B3C4D5E6F")!) == "3f2c9a1e")
    }

    @Test("a listing's short id finds it; two that begin alike are 409 ambiguous_id; a hidden one stays hidden")
    func listings() async throws {
        try await withTestApp { app in
            let seller = try await app.register(name: "Sam Seller")
            let draft = try APIError.draft(ListingInput.sample().validated(defaultCurrency: "USD"))
            for id in ["abcdef01-1111-4000-8000-000000000001", "abcdef01-9999-4000-8000-000000000002", "abcdef02-0000-4000-8000-000000000003"] {
                try await ListingRecord(id: UUID(uuidString: id)!, sellerID: seller.user.id, campus: nil, campusOnly: false, draft: draft, now: Date()).create(on: app.db)
            }
            let ambiguous = try await app.send(.GET, "/api/v1/listings/abcdef01")
            #expect(ambiguous.status == .conflict, "\(ambiguous.text)")
            #expect(try ambiguous.error.code == "ambiguous_id")
            let one = try await app.send(.GET, "/api/v1/listings/abcdef019")
            #expect(try one.decode(MarketCore.Listing.self).id.uuidString == "ABCDEF01-9999-4000-8000-000000000002")
            #expect(try await app.send(.GET, "/api/v1/listings/ABCDEF02-0").status == .ok)
            #expect(try await app.send(.GET, "/api/v1/listings/abcdef03").status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/listings/abcdef0").status == .notFound, "7 digits are not an id")

            try await ListingRecord.query(on: app.db).filter(\.$id == UUID(uuidString: "abcdef02-0000-4000-8000-000000000003")!)
                .set(\.$status, to: ListingStatus.hidden.rawValue).update()
            #expect(try await app.send(.GET, "/api/v1/listings/abcdef02").status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/listings/abcdef02", token: seller.token).status == .ok, "its seller still sees it")
        }
    }

    @Test("an order's or a conversation's short id finds only the caller's own")
    func ordersAndConversations() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            let short = IDPrefix.short(order.id)
            #expect(try await app.send(.GET, "/api/v1/orders/\(short)", token: deal.seller.token).decode(MarketCore.Order.self).id == order.id)
            let stranger = try await app.register(name: "Stu Stranger")
            #expect(try await app.send(.GET, "/api/v1/orders/\(short)", token: stranger.token).status == .notFound)

            let opened = try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/conversations", token: deal.buyer.token)
            let conversation = try opened.decode(Conversation.self)
            let found = try await app.send(.GET, "/api/v1/conversations/\(IDPrefix.short(conversation.id))", token: deal.seller.token)
            #expect(try found.decode(Conversation.self).id == conversation.id)
            #expect(try await app.send(.GET, "/api/v1/conversations/\(IDPrefix.short(conversation.id))", token: stranger.token).status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/users/\(IDPrefix.short(deal.seller.user.id))").decode(SellerSummary.self).id == deal.seller.user.id)
        }
    }
}
