import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// On SQLite, writes that queue together share one transaction, and when one of them fails the
/// others' bodies run again (`GroupCommit`). Each must then land once, with what was sent.
/// (Every other test app rehearses this for each write; these tests make it happen for real.)
@Suite("Writes in a SQLite batch that runs again", .enabled(if: !TestDatabase.isPostgres))
struct BatchRunAgainTests {
    @Test("a new listing, an edit and a report in a batch that runs again: the listing is made once (the server does not crash), the edit keeps its price, the report is filed once")
    func listingWrites() async throws {
        try await withTestApp(adjust: { $0.rehearseWrites = false }) { app in
            let seller = try await app.register(email: "sam@uw.edu", name: "Sam")
            let reader = try await app.register(email: "rae@uw.edu", name: "Rae")
            let desk = try await app.createListing(.sample("Desk", salePriceCents: 5_000), token: seller.token)
            let statuses = try await app.inBatchThatRunsAgain([
                { @Sendable in try await app.send(.POST, "/api/v1/listings", json: ListingInput.sample("Lamp"), token: seller.token).status },
                { @Sendable in try await app.send(.PUT, "/api/v1/listings/\(desk.id)", json: ListingInput.sample("Desk", salePriceCents: 4_000),
                                     token: seller.token).status },
                { @Sendable in try await app.report(.listing, desk.id, token: reader.token).status },
            ])
            #expect(statuses == [.created, .ok, .created])
            #expect(try await ListingRecord.query(on: app.db).filter(\.$title == "Lamp").count() == 1)
            let edited = try await app.send(.GET, "/api/v1/listings/\(desk.id)").decode(MarketCore.Listing.self)
            #expect(edited.salePriceCents == 4_000)
            #expect(edited.version == 2)
            #expect(try await ReportRecord.query(on: app.db).count() == 1)
        }
    }
}
