import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Many clients at once against real server processes: one on SQLite, two sharing PostgreSQL.
/// The database, not luck, must keep one sale per listing and rentals apart.
@Suite("Races between many clients", .serialized)
struct RaceTests {
    static let clients = 200
    static var serverCount: Int { TestDatabase.isPostgres ? 2 : 1 }

    @Test("200 buyers race for one listing: exactly one purchase succeeds, the rest are 409")
    func purchaseRace() async throws {
        try await withRaceSetup { client, servers in
            let seller = try await client.register(on: servers[0], name: "Seller")
            let listing: MarketCore.Listing = try await client.json(.POST, servers[0] + "/api/v1/listings", ListingInput.sample("Contested desk"),
                                                                     token: seller.token, expect: .created)
            let buyers = try await client.registerMany(Self.clients, on: servers)

            let statuses = try await Self.statuses(buyers.count) { index in
                try await client.send(.POST, servers[index % servers.count] + "/api/v1/listings/\(listing.id)/purchase",
                                      PurchaseRequest(fulfillment: "pickup"), token: buyers[index].token).status
            }

            #expect(statuses.filter { $0 == .created }.count == 1)
            #expect(statuses.filter { $0 == .conflict }.count == Self.clients - 1)
            let orders: OrderPage = try await client.json(.GET, servers[0] + "/api/v1/orders?role=seller&limit=100", Optional<String>.none,
                                                           token: seller.token, expect: .ok)
            #expect(orders.items.count == 1)
            let after: MarketCore.Listing = try await client.json(.GET, servers.last! + "/api/v1/listings/\(listing.id)", Optional<String>.none,
                                                                   token: nil, expect: .ok)
            #expect(after.status == .reserved)
        }
    }

    @Test("200 overlapping rental requests: the accepted ones never overlap, and each refused one overlaps an accepted one")
    func rentalRace() async throws {
        try await withRaceSetup { client, servers in
            let owner = try await client.register(on: servers[0], name: "Owner")
            let listing: MarketCore.Listing = try await client.json(
                .POST, servers[0] + "/api/v1/listings", ListingInput.sample("Contested camera", salePriceCents: nil, rentPriceCents: 200, rentUnit: "hour"),
                token: owner.token, expect: .created)
            let renters = try await client.registerMany(Self.clients, on: servers)
            // Periods of 1–6 hours starting within the next 48 hours: dense enough that most collide.
            let origin = (Date().timeIntervalSince1970 / 3_600).rounded(.up) * 3_600 + 3_600
            var generator = SeededGenerator(seed: 4)
            let periods = (0..<Self.clients).map { _ -> BookedPeriod in
                let start = origin + Double(Int.random(in: 0..<48, using: &generator)) * 3_600
                return BookedPeriod(start: Date(timeIntervalSince1970: start),
                                    end: Date(timeIntervalSince1970: start + Double(Int.random(in: 1...6, using: &generator)) * 3_600))
            }

            let results = try await withThrowingTaskGroup(of: (Int, HTTPStatus).self) { group in
                for (index, renter) in renters.enumerated() {
                    group.addTask {
                        let response = try await client.send(.POST, servers[index % servers.count] + "/api/v1/listings/\(listing.id)/rentals",
                                                             RentalRequest(start: periods[index].start, end: periods[index].end), token: renter.token)
                        return (index, response.status)
                    }
                }
                return try await group.reduce(into: [Int: HTTPStatus]()) { $0[$1.0] = $1.1 }
            }

            #expect(results.values.allSatisfy { $0 == .created || $0 == .conflict }, "\(Set(results.values))")
            let accepted = results.filter { $0.value == .created }.map { periods[$0.key] }
            let refused = results.filter { $0.value == .conflict }.map { periods[$0.key] }
            func overlap(_ a: BookedPeriod, _ b: BookedPeriod) -> Bool { a.start < b.end && b.start < a.end }
            #expect(!accepted.isEmpty)
            for (i, a) in accepted.enumerated() {
                for b in accepted[(i + 1)...] { #expect(!overlap(a, b), "accepted rentals overlap: \(a) and \(b)") }
            }
            for period in refused { #expect(accepted.contains { overlap($0, period) }, "refused without a clash: \(period)") }
            let availability: Availability = try await client.json(
                .GET, servers.last! + "/api/v1/listings/\(listing.id)/availability", Optional<String>.none, token: nil, expect: .ok)
            #expect(availability.booked.count == accepted.count)
            #expect(Set(availability.booked.map(\.start)) == Set(accepted.map(\.start)))
        }
    }

    @Test("40 wrong passwords for one account at once, across instances: only 5 are ever checked, the rest are 429")
    func loginThrottleRace() async throws {
        try await withRaceSetup { client, servers in
            let victim = try await client.register(on: servers[0], name: "Victim")
            let guesses = 40

            let statuses = try await Self.statuses(guesses) { index in
                try await client.send(.POST, servers[index % servers.count] + "/api/v1/auth/login",
                                      LoginRequest(email: victim.user.email, password: "guess number \(index)"), token: nil).status
            }

            #expect(statuses.filter { $0 == .unauthorized }.count == LoginThrottlePolicy().maxFailuresPerAccount)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == guesses - LoginThrottlePolicy().maxFailuresPerAccount)
        }
    }

    @Test("12 photos uploaded to one listing at once, across instances: exactly 8 are kept")
    func photoLimitRace() async throws {
        try await withRaceSetup { client, servers in
            let seller = try await client.register(on: servers[0], name: "Seller")
            let listing: MarketCore.Listing = try await client.json(.POST, servers[0] + "/api/v1/listings", ListingInput.sample("Lamp"),
                                                                     token: seller.token, expect: .created)
            let statuses = try await Self.statuses(12) { index in
                try await client.upload(PhotoMetadata.distinctPNG(index), to: servers[index % servers.count]
                                        + "/api/v1/listings/\(listing.id)/photos", token: seller.token).status
            }

            #expect(statuses.filter { $0 == .created }.count == ListingPhoto.maxPerListing, "\(statuses)")
            #expect(statuses.filter { $0 == .conflict }.count == 12 - ListingPhoto.maxPerListing)
            let after: MarketCore.Listing = try await client.json(.GET, servers.last! + "/api/v1/listings/\(listing.id)", Optional<String>.none,
                                                                   token: nil, expect: .ok)
            #expect(after.photos.count == ListingPhoto.maxPerListing)
        }
    }

    @Test("a seller deletes listings while buyers buy them: each ends deleted or bought (then kept), never a server error")
    func deleteRace() async throws {
        try await withRaceSetup { client, servers in
            let seller = try await client.register(on: servers[0], name: "Seller")
            let buyer = try await client.register(on: servers.last!, name: "Buyer")
            var listings: [MarketCore.Listing] = []
            for index in 0..<40 {
                listings.append(try await client.json(.POST, servers[0] + "/api/v1/listings", ListingInput.sample("Item \(index)"),
                                                      token: seller.token, expect: .created))
            }

            let outcomes = try await withThrowingTaskGroup(of: (UUID, HTTPStatus, HTTPStatus).self) { group in
                for (index, listing) in listings.enumerated() {
                    group.addTask {
                        async let bought = client.send(.POST, servers[index % servers.count] + "/api/v1/listings/\(listing.id)/purchase",
                                                       PurchaseRequest(fulfillment: "pickup"), token: buyer.token)
                        async let removed = client.send(.DELETE, servers[(index + 1) % servers.count] + "/api/v1/listings/\(listing.id)",
                                                        Optional<String>.none, token: seller.token)
                        return (listing.id, try await bought.status, try await removed.status)
                    }
                }
                return try await group.reduce(into: [(UUID, HTTPStatus, HTTPStatus)]()) { $0.append($1) }
            }

            for (id, bought, removed) in outcomes {
                #expect(bought.code < 500 && removed.code < 500, "purchase \(bought), delete \(removed)")
                let now = try await client.send(.GET, servers[0] + "/api/v1/listings/\(id)", Optional<String>.none, token: nil)
                if bought == .created {
                    #expect(removed == .conflict, "an order in progress keeps the listing")
                    #expect(now.status == .ok)
                } else {
                    #expect(removed == .ok && now.status == .notFound, "purchase \(bought), delete \(removed), then \(now.status)")
                }
            }
        }
    }

    @Test("a moderator removes reported listings while 10 buyers each race to buy them, across instances: never both win")
    func moderationRace() async throws {
        try await ServerProcesses.withClient(count: Self.serverCount) { client, processes in
            let servers = processes.baseURLs
            let seller = try await client.register(on: servers[0], name: "Seller")
            // Two reporters: one account files at most ReportService.perWindow reports an hour.
            let reporters = [try await client.register(on: servers[0], name: "Reporter"), try await client.register(on: servers[0], name: "Reporter Two")]
            let moderator = try await client.register(on: servers.last!, name: "Moderator")
            try await processes.runCommand(["users", "grant", moderator.user.email, "moderator"])
            let buyers = try await client.registerMany(10, on: servers)
            var wins: [String: Int] = [:]
            for round in 0..<16 {
                let listing: MarketCore.Listing = try await client.json(.POST, servers[0] + "/api/v1/listings", ListingInput.sample("Disputed \(round)"),
                                                                         token: seller.token, expect: .created)
                let report: Report = try await client.json(.POST, servers[0] + "/api/v1/reports",
                                                           ReportRequest(subject: .listing, id: listing.id, reason: .scam, details: nil),
                                                           token: reporters[round % 2].token, expect: .created)
                async let decision = client.send(.POST, servers[round % servers.count] + "/api/v1/moderation/reports/\(report.id)/decision",
                                                 ModerationDecisionRequest(action: .removeListing, note: "Counterfeit."), token: moderator.token)
                async let purchases = Self.statuses(buyers.count) { index in
                    try await client.send(.POST, servers[(index + round) % servers.count] + "/api/v1/listings/\(listing.id)/purchase",
                                          PurchaseRequest(fulfillment: "pickup"), token: buyers[index].token).status
                }
                let (decided, bought) = try await (decision.status, purchases)
                let sold = bought.filter { $0 == .created }.count
                // After a removal the listing is, to buyers, no longer there (404); after a sale, taken (409).
                #expect(bought.allSatisfy { $0 == .created || $0 == .conflict || $0 == .notFound }, "round \(round): \(bought)")
                let after: MarketCore.Listing = try await client.json(.GET, servers.last! + "/api/v1/listings/\(listing.id)", Optional<String>.none,
                                                                       token: seller.token, expect: .ok)
                if decided == .ok {
                    #expect(sold == 0 && after.status == .removed, "round \(round): removed, yet \(sold) sold")
                    wins["removal", default: 0] += 1
                } else {
                    #expect(decided == .conflict && sold == 1 && after.status == .reserved, "round \(round): decision \(decided), \(sold) sold")
                    wins["purchase", default: 0] += 1
                }
            }
            #expect(wins.values.reduce(0, +) == 16)
        }
    }

    /// Every path that writes the ledger, raced: a feature bought and cancelled, a sale completed,
    /// a rental handed over (its deposit held) and its return confirmed (the deposit released).
    /// Money changes by one conditional statement, so each happens once however many ask at once.
    @Test("money moves once: 12 feature purchases charge once, 12 cancels refund once, 12 completions and 12 return confirmations write once")
    func moneyRaces() async throws {
        try await withRaceSetup { client, servers in
            let racers = 12
            let server: @Sendable (Int) -> String = { servers[$0 % servers.count] }
            let seller = try await client.register(on: servers[0], name: "Seller")
            let buyer = try await client.register(on: servers.last!, name: "Buyer")
            func ledger(_ account: AuthResponse) async throws -> [LedgerEntry] {
                let page: Ledger = try await client.json(.GET, servers[0] + "/api/v1/ledger?limit=100", Optional<String>.none, token: account.token, expect: .ok)
                return page.entries
            }

            let featured: MarketCore.Listing = try await client.json(.POST, servers[0] + "/api/v1/listings", ListingInput.sample("Featured lamp"),
                                                                      token: seller.token, expect: .created)
            let bought = try await Self.statuses(racers) { index in
                try await client.send(.POST, server(index) + "/api/v1/listings/\(featured.id)/feature", Optional<String>.none, token: seller.token).status
            }
            #expect(bought.filter { $0.code < 300 }.count == 1 && bought.filter { $0 == .conflict }.count == racers - 1, "\(bought)")
            let cancelled = try await Self.statuses(racers) { index in
                try await client.send(.DELETE, server(index) + "/api/v1/listings/\(featured.id)/feature", Optional<String>.none, token: seller.token).status
            }
            #expect(cancelled.filter { $0 == .ok }.count == 1 && cancelled.filter { $0 == .conflict }.count == racers - 1, "\(cancelled)")
            let fees = try await ledger(seller)
            #expect(fees.filter { $0.source == .featureFee }.count == 1)
            #expect(fees.filter { $0.source == .featureRefund }.count == 1, "refunds: \(fees.filter { $0.source == .featureRefund }.count)")

            // A sale completed by many at once: one pair of lines.
            let desk: MarketCore.Listing = try await client.json(.POST, servers[0] + "/api/v1/listings", ListingInput.sample("Raced desk"),
                                                                  token: seller.token, expect: .created)
            /// Accepted and ready, then completed (handed over) by `racers` at once: the statuses.
            func handOverRaced(_ order: MarketCore.Order) async throws -> [HTTPStatus] {
                let code = try #require(order.confirmationCode)
                for step in ["accept", "ready"] {
                    let _: MarketCore.Order = try await client.json(.POST, servers[0] + "/api/v1/orders/\(order.id)/\(step)", Optional<String>.none,
                                                                     token: seller.token, expect: .ok)
                }
                return try await Self.statuses(racers) { index in
                    try await client.send(.POST, server(index) + "/api/v1/orders/\(order.id)/complete", CompleteOrderRequest(confirmationCode: code),
                                          token: seller.token).status
                }
            }
            let order: MarketCore.Order = try await client.json(.POST, servers[0] + "/api/v1/listings/\(desk.id)/purchase",
                                                                 PurchaseRequest(fulfillment: "pickup"), token: buyer.token, expect: .created)
            let completions = try await handOverRaced(order)
            #expect(completions.filter { $0 == .ok }.count == 1 && completions.filter { $0 == .conflict }.count == racers - 1, "\(completions)")
            #expect(try await ledger(seller).filter { $0.orderId == order.id }.count == 1)
            #expect(try await ledger(buyer).filter { $0.orderId == order.id }.count == 1)

            // A rental with a deposit: handed over by many at once (held once), its return confirmed by many (released once).
            var input = ListingInput.sample("Raced camera", salePriceCents: nil, rentPriceCents: 500, rentUnit: "day")
            input.depositCents = 2_000
            let camera: MarketCore.Listing = try await client.json(.POST, servers[0] + "/api/v1/listings", input, token: seller.token, expect: .created)
            let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.up) * 86_400 + 86_400)
            var rental: MarketCore.Order = try await client.json(.POST, servers[0] + "/api/v1/listings/\(camera.id)/rentals",
                                                                  RentalRequest(start: start, end: start.addingTimeInterval(86_400)), token: buyer.token, expect: .created)
            let handovers = try await handOverRaced(rental)
            let rentalID = rental.id
            #expect(handovers.filter { $0 == .ok }.count == 1, "\(handovers)")
            rental = try await client.json(.POST, servers[0] + "/api/v1/orders/\(rental.id)/return", Optional<String>.none, token: buyer.token, expect: .ok)
            let confirmations = try await Self.statuses(racers) { index in
                try await client.send(.POST, server(index) + "/api/v1/orders/\(rentalID)/confirm-return", Optional<String>.none, token: seller.token).status
            }
            #expect(confirmations.filter { $0 == .ok }.count == 1 && confirmations.filter { $0 == .conflict }.count == racers - 1, "\(confirmations)")
            let deposits = try await ledger(buyer).filter { $0.orderId == rental.id && $0.source == .deposit }
            #expect(deposits.map(\.amountCents).sorted() == [-2_000, 2_000], "\(deposits.map(\.amountCents))")
            #expect(try await ledger(buyer).filter { $0.orderId == rental.id && $0.source == .rental }.count == 1)
        }
    }

    /// Runs `count` requests at once; their statuses, in no particular order.
    static func statuses(_ count: Int, _ request: @escaping @Sendable (Int) async throws -> HTTPStatus) async throws -> [HTTPStatus] {
        try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
            for index in 0..<count { group.addTask { try await request(index) } }
            return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
        }
    }

    private func withRaceSetup(_ body: (RaceClient, [String]) async throws -> Void) async throws {
        try await ServerProcesses.withClient(count: Self.serverCount) { client, servers in try await body(client, servers.baseURLs) }
    }
}

/// An HTTP client that really opens one connection per concurrent request (AsyncHTTPClient's
/// default would queue them behind 8 connections per host and hide the race).
struct RaceClient: Sendable {
    private let app: Application

    static func make() async throws -> RaceClient {
        let app = try await Application.make(.testing)
        app.http.client.configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 400)
        app.http.client.configuration.timeout = .init(connect: .seconds(10), read: .seconds(60))
        return RaceClient(app: app)
    }

    func shutdown() async {
        try? await app.asyncShutdown()
    }

    func send(_ method: HTTPMethod, _ url: String, _ body: (some Encodable)?, token: String?, headers: HTTPHeaders = [:]) async throws -> ClientResponse {
        try await app.client.send(method, to: URI(string: url)) { request in
            request.headers.add(contentsOf: headers)
            if let token { request.headers.bearerAuthorization = .init(token: token) }
            if let body { try request.content.encode(body, using: JSONEncoder.api) }
        }
    }

    func json<T: Decodable>(_ method: HTTPMethod, _ url: String, _ body: (some Encodable)?, token: String?, expect: HTTPStatus) async throws -> T {
        let response = try await send(method, url, body, token: token)
        guard response.status == expect, let buffer = response.body else {
            throw TestFailure("\(method) \(url): expected \(expect), got \(response.status): \(response.body.map { String(buffer: $0) } ?? "")")
        }
        return try JSONDecoder.api.decode(T.self, from: Data(buffer: buffer))
    }

    /// Uploads `bytes` as the multipart field `photo`.
    func upload(_ bytes: [UInt8], to url: String, token: String) async throws -> ClientResponse {
        struct Upload: Content { var photo: File }
        return try await app.client.send(.POST, to: URI(string: url)) { request in
            request.headers.bearerAuthorization = .init(token: token)
            try request.content.encode(Upload(photo: File(data: ByteBuffer(bytes: bytes), filename: "photo.png")), as: .formData)
        }
    }

    func register(on server: String, name: String) async throws -> AuthResponse {
        let request = RegisterRequest(email: "racer-\(UUID().uuidString.prefix(12).lowercased())@campus.edu", password: "correct horse battery", name: name)
        return try await json(.POST, server + "/api/v1/auth/register", request, token: nil, expect: .created)
    }

    /// `count` accounts, registered 20 at a time across the servers.
    func registerMany(_ count: Int, on servers: [String]) async throws -> [AuthResponse] {
        var accounts: [AuthResponse] = []
        for batch in stride(from: 0, to: count, by: 20) {
            accounts += try await withThrowingTaskGroup(of: AuthResponse.self) { group in
                for index in batch..<min(batch + 20, count) {
                    group.addTask { try await register(on: servers[index % servers.count], name: "Racer \(index)") }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        return accounts
    }
}
