import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// The SDK's report sheet, review screen, reviews list and moderation queue against a live server.
@Suite("SDK trust screens")
@MainActor
struct TrustScreensTests {
    @Test("report: bad details are caught before sending; a report is sent once, a repeat is the server's 409")
    func report() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let neighbour = try await market.person("Neighbour")
            let desk = try await market.listing("Desk", by: seller)

            let offline = ReportViewModel(client: unreachableSession().client, subject: .listing, id: desk.id)
            offline.details = String(repeating: "x", count: 1_001)
            #expect(await offline.send() == false)
            #expect(offline.fieldErrors["details"] != nil)

            let sheet = ReportViewModel(client: neighbour.client, subject: .listing, id: desk.id)
            sheet.reason = .prohibited
            #expect(await sheet.send())
            #expect(sheet.sent?.reason == .prohibited)
            #expect(await sheet.send() == false)
            #expect(sheet.errorMessage?.contains("already reported") == true)
        }
    }

    @Test("review after a completed order, listed on the seller's reviews; a moderator decides a report and it leaves the queue")
    func reviewAndModerate() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let desk = try await market.listing("Desk", by: seller)
            let order: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))
            let early = ReviewViewModel(client: buyer.client, order: order.id)
            #expect(await early.post() == false)
            #expect(early.errorMessage?.contains("completed") == true)
            for action in [OrderAction.accept, .ready] {
                let _: Order = try await seller.client.send(OrderEndpoint.act(order.id, action))
            }
            let _: Order = try await seller.client.send(OrderEndpoint.act(order.id, .complete, confirmationCode: order.confirmationCode))

            let review = ReviewViewModel(client: buyer.client, order: order.id)
            review.rating = 0
            #expect(await review.post() == false)
            #expect(review.fieldErrors["rating"] != nil)
            review.rating = 5
            review.text = "Smooth hand-over."
            #expect(await review.post())
            let list = ReviewsViewModel(client: buyer.client, user: try #require(seller.user?.id))
            await list.refresh()
            #expect(list.reviews.items.map(\.text) == ["Smooth hand-over."])

            let moderator = try await market.person("Moderator")
            try await market.operatorRuns("users", "grant", try #require(moderator.user?.email), "moderator")
            _ = try await buyer.client.send(TrustEndpoint.report(ReportRequest(subject: .user, id: try #require(seller.user?.id), reason: .spam))) as Report
            let queue = ModerationQueueViewModel(client: moderator.client)
            await queue.load()
            let item = try #require(queue.cases.first)
            #expect(queue.actions(for: item) == [.dismiss, .warnUser, .suspendUser])
            #expect(await queue.decide(item, .dismiss) == false)
            #expect(queue.fieldErrors["note"] != nil)
            queue.note = "Nothing wrong found."
            #expect(await queue.decide(item, .dismiss))
            #expect(queue.cases.isEmpty)

            let student = ModerationQueueViewModel(client: buyer.client)
            await student.load()
            #expect(student.errorMessage?.contains("moderators") == true)
        }
    }

    @Test("market report and market review, from a terminal")
    func cli() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let desk = try await market.listing("Desk", by: seller)
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            _ = try await market.person("Reporter")
            let login = try await cli.run("login", "reporter@campus.edu", input: LiveMarket.password + "\n")
            #expect(login.status == 0, "\(login.stderr)")
            let bad = try await cli.run("report", "listing", desk.id.uuidString, "--reason", "boring")
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("reason"))
            let made = try await cli.run("report", "listing", desk.id.uuidString, "--reason", "scam", "--details", "Asks for a deposit")
            #expect(made.status == 0, "\(made.stderr)")
            #expect(made.stdout.contains("Reported."))
            let review = try await cli.run("review", UUID().uuidString, "--rating", "5")
            #expect(review.status != 0)
            #expect(review.stderr.contains("no order of yours"))
        }
    }

    @Test("market privacy shows the settings and changes one; a wrong one is a sentence and exit 1")
    func privacyCLI() async throws {
        try await withLiveMarket { market in
            _ = try await market.person("Sam Seller")
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            #expect(try await cli.run("login", "sam.seller@campus.edu", input: LiveMarket.password + "\n").status == 0)
            let shown = try await cli.run("privacy")
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("Contact details: nobody") && shown.stdout.contains("Your name to others: Sam S."))
            let changed = try await cli.run("privacy", "name", "full")
            #expect(changed.status == 0 && changed.stdout.contains("Your name to others: Sam Seller"), "\(changed.stderr)")
            let outside = try await cli.run("privacy", "outside", "on")
            #expect(outside.stdout.contains("everyone, on every campus"))
            let wrong = try await cli.run("privacy", "contact", "everyone")
            #expect(wrong.status == 1 && wrong.stderr.contains("market privacy contact nobody|campus|signedIn"))
            let json = try await cli.run("privacy", "--json")
            #expect(try JSONDecoder().decode(PrivacySettings.self, from: Data(json.stdout.utf8))
                    == PrivacySettings(contactAudience: .nobody, shownOutsideCampus: true, nameStyle: .full))
        }
    }

    @Test("market export writes the account's data to a new file only its owner reads; the SDK's profile screen gets the same")
    func exportCLI() async throws {
        try await withLiveMarket { market in
            let sam = try await market.person("Sam Seller")
            let desk = try await market.listing("Oak desk", by: sam)
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            #expect(try await cli.run("login", "sam.seller@campus.edu", input: LiveMarket.password + "\n").status == 0)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).json").path
            defer { try? FileManager.default.removeItem(atPath: file) }
            let saved = try await cli.run("export", "--output", file)
            #expect(saved.status == 0 && saved.stdout.contains("1 listings"), "\(saved.stderr)")
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let archive = try decoder.decode(AccountExport.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(archive.listings.map(\.id) == [desk.id])
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let again = try await cli.run("export", "--output", file)
            #expect(again.status == 1 && again.stderr.contains("exists already"))

            let screen = ProfileViewModel(session: sam)
            #expect(await screen.exportData()?.listings.map(\.id) == [desk.id])
        }
    }
}
