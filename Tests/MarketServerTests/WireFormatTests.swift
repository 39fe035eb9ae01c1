import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Wire format")
struct WireFormatTests {
    /// A UUID in Foundation's upper-case form.
    static let upperCaseUUID = try! NSRegularExpression(pattern: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}")

    static func hasUpperCaseUUID(_ text: String) -> Bool {
        upperCaseUUID.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test("UUIDs are lower-case in every answer (RFC 9562), and accepted in either case on input")
    func lowerCaseUUIDs() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(.sample("Desk", openToTrade: true))
            let register = try await app.send(.POST, "/api/v1/auth/register",
                                              json: RegisterRequest(email: "wire@campus.edu", password: "correct horse battery", name: "Wire"))
            let mine = try await app.createListing(.sample("Chair"), token: deal.buyer.token)
            let offer = try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/trade-offers",
                                           json: TradeOfferRequest(offeredListingIds: [mine.id]), token: deal.buyer.token)
            let order = try await app.purchase(mine.id, token: deal.seller.token)
            let search = try await app.send(.GET, "/api/v1/listings")

            #expect(offer.text.contains(deal.listing.id.uuidString.lowercased()))
            #expect(search.text.contains(deal.listing.id.uuidString.lowercased()))
            for response in [register, offer, order, search] {
                #expect(response.status.code < 300)
                #expect(!Self.hasUpperCaseUUID(response.text), "upper-case UUID in \(response.text.prefix(300))")
            }
            let upper = deal.listing.id.uuidString.uppercased()
            let lower = deal.listing.id.uuidString.lowercased()
            #expect(try await app.send(.GET, "/api/v1/listings/\(upper)").status == .ok)
            #expect(try await app.send(.GET, "/api/v1/listings/\(lower)").status == .ok)
        }
    }
}
