import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// A listing's edit version and `If-Match`: an edit made from a copy that has since changed is
/// refused 412 and changes nothing, rather than undoing the newer edit.
@Suite("Listings: edit versions and If-Match")
struct ListingVersionTests {
    @Test("a listing starts at version 1; each edit raises it; an edit naming the current version applies, an older one is 412 listing_changed and changes nothing")
    func ifMatch() async throws {
        try await withTestApp { app in
            let seller = try await app.register(email: "sam@uw.edu", name: "Sam")
            let listing = try await app.createListing(.sample("Desk", salePriceCents: 5_000), token: seller.token)
            #expect(listing.version == 1)
            let path = "/api/v1/listings/\(listing.id)"

            let first = try await app.send(.PUT, path, json: ListingInput.sample("Desk", salePriceCents: 4_500), token: seller.token,
                                           headers: ["If-Match": "\"1\""])
            #expect(first.status == .ok)
            #expect(try first.decode(MarketCore.Listing.self).version == 2)

            // Made from version 1, which is gone: refused, and the price stays.
            let stale = try await app.send(.PUT, path, json: ListingInput.sample("Desk", salePriceCents: 9_900), token: seller.token,
                                           headers: ["If-Match": "\"1\""])
            #expect(stale.status == .preconditionFailed)
            #expect(try stale.error.code == "listing_changed")
            let read = try await app.send(.GET, path).decode(MarketCore.Listing.self)
            #expect(read.salePriceCents == 4_500 && read.version == 2)

            // Without If-Match (the web editor's form) or with `*`, an edit applies as before.
            let plain = try await app.send(.PUT, path, json: ListingInput.sample("Desk", salePriceCents: 4_000), token: seller.token)
            #expect(try plain.decode(MarketCore.Listing.self).version == 3)
            let any = try await app.send(.PUT, path, json: ListingInput.sample("Desk", salePriceCents: 3_900), token: seller.token,
                                         headers: ["If-Match": "*"])
            #expect(try any.decode(MarketCore.Listing.self).version == 4)
        }
    }

    @Test("a tag that names no version (weak, not a number, zero) can never match: 412, nothing changed; a stranger is still refused as before (403)", arguments: [
        "W/\"4\"", "\"abc\"", "\"0\"", "4", "\"-1\"",
    ])
    func tagsThatNeverMatch(tag: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register(email: "sam@uw.edu", name: "Sam")
            let stranger = try await app.register(email: "eve@uw.edu", name: "Eve")
            let listing = try await app.createListing(.sample("Desk", salePriceCents: 5_000), token: seller.token)
            let path = "/api/v1/listings/\(listing.id)"
            let edit = ListingInput.sample("Desk", salePriceCents: 1_000)

            let refused = try await app.send(.PUT, path, json: edit, token: seller.token, headers: ["If-Match": tag])
            #expect(refused.status == .preconditionFailed)
            #expect(try await app.send(.GET, path).decode(MarketCore.Listing.self).salePriceCents == 5_000)
            let strangers = try await app.send(.PUT, path, json: edit, token: stranger.token, headers: ["If-Match": tag])
            #expect(strangers.status == .forbidden)  // whose it is comes first
        }
    }

    @Test("12 edits made from one version race across instances: exactly one applies, the rest are 412, and the listing holds the winner's price")
    func editRace() async throws {
        try await ServerProcesses.withClient(count: RaceTests.serverCount) { client, processes in
            let servers = processes.baseURLs
            let seller = try await client.register(on: servers[0], name: "Seller")
            let listing: MarketCore.Listing = try await client.json(.POST, servers[0] + "/api/v1/listings", ListingInput.sample("Lamp"),
                                                                     token: seller.token, expect: .created)
            let statuses = try await RaceTests.statuses(12) { index in
                try await client.send(.PUT, servers[index % servers.count] + "/api/v1/listings/\(listing.id)",
                                      ListingInput.sample("Lamp", salePriceCents: 1_000 + index), token: seller.token,
                                      headers: ["If-Match": "\"1\""]).status
            }
            #expect(statuses.filter { $0 == .ok }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .preconditionFailed }.count == 11, "\(statuses)")
            let after: MarketCore.Listing = try await client.json(.GET, servers.last! + "/api/v1/listings/\(listing.id)", Optional<String>.none,
                                                                   token: seller.token, expect: .ok)
            #expect(after.version == 2)
            #expect((1_000..<1_012).contains(after.salePriceCents ?? 0))
        }
    }
}
