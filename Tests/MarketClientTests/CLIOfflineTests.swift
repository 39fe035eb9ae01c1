import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// `market` with the server down: what it read before, from its store in the data directory.
@Suite("market CLI offline")
@MainActor
struct CLIOfflineTests {
    @Test("with the server down, read commands answer what they read before, first saying they are offline and as of when, exit 0; logout deletes the store")
    func readsOffline() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let desk = try await market.listing("Oak desk", by: seller)
            try await market.listing("Bookshelf", by: seller)
            let lamp = try await market.listing("Desk lamp", by: seller)
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            #expect(try await cli.run(["signup", "gus@campus.edu", "--name", "Gus"], input: LiveMarket.password + "\n").status == 0)
            #expect(try await cli.run("buy", desk.id.wireString).status == 0)
            #expect(try await cli.run("message", "--about", desk.id.wireString, "When can I pick it up?").status == 0)

            let commands = [["search", "bookshelf"], ["show", desk.id.wireString], ["orders"], ["messages"], ["notifications"], ["whoami"]]
            var online: [[String]: String] = [:]
            for command in commands {
                let result = try await cli.run(command)
                #expect(result.status == 0 && result.stderr.isEmpty, "\(command): \(result.stderr)")
                online[command] = result.stdout
            }
            let data = cli.configDirectory.appendingPathComponent("data/campusmarket")
            #expect(FileManager.default.fileExists(atPath: data.path))

            await market.stopServing()
            for command in commands {
                let result = try await cli.run(command)
                #expect(result.status == 0, "\(command): \(result.stderr)")
                #expect(result.stdout == online[command], "\(command) prints what it printed online")
                let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                #expect(first.hasPrefix("Offline: the server cannot be reached; showing what was kept at "), "\(command): \(result.stderr)")
            }
            // Never read before: nothing to show, the one sentence and exit 1 as before; a short id
            // of something never read is the same sentence, not "no such listing".
            let ledger = try await cli.run("ledger")
            #expect(ledger.status == 1 && ledger.stderr.contains("could not be reached"))
            let unread = try await cli.run("favorites", "save", IDPrefix.short(lamp.id))
            #expect(unread.status == 1 && unread.stderr.contains("could not be reached"), "\(unread.stderr)")
            // A write is not kept for later here: it fails as before.
            let message = try await cli.run("message", "--about", desk.id.wireString, "Hello?")
            #expect(message.status == 1 && message.stderr.contains("could not be reached"))

            try await market.serveAgain()
            let fresh = try await cli.run("orders")
            #expect(fresh.status == 0 && fresh.stderr.isEmpty)
            #expect(try await cli.run("logout").status == 0)
            let left = try FileManager.default.subpathsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".sqlite") || $0.contains(".sqlite-") }
            #expect(left.isEmpty, "the account's store is gone: \(left)")
        }
    }

    @Test("offline, a message and a favorite (by the short id read before) are kept and listed; market sync sends them once back online, any command sends first; outbox drop forgets one")
    func keepsWrites() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let desk = try await market.listing("Oak desk", by: seller)
            let shelf = try await market.listing("Bookshelf", by: seller)
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            #expect(try await cli.run(["signup", "gus@campus.edu", "--name", "Gus"], input: LiveMarket.password + "\n").status == 0)
            #expect(try await cli.run("message", "--about", desk.id.wireString, "Is it still there?").status == 0)
            let conversations: ConversationPage = try await seller.client.send(ConversationEndpoint.list())
            let conversation = try #require(conversations.items.first)
            #expect(try await cli.run("search", "bookshelf").status == 0)

            await market.stopServing()
            let message = try await cli.run("message", conversation.id.wireString, "I can come at five.")
            #expect(message.status == 0, "\(message.stderr)")
            #expect(message.stdout.hasPrefix("The server cannot be reached: kept to send when it can (Message: I can come at five.)"))
            // A short id typed offline names what was read before.
            #expect(try await cli.run("favorites", "save", IDPrefix.short(shelf.id)).status == 0)
            #expect(try await cli.run("favorites", "save", desk.id.wireString).status == 0)
            let outbox = try await cli.run("outbox")
            #expect(outbox.status == 0)
            let rows = outbox.stdout.split(separator: "\n").dropFirst()
            #expect(rows.count == 3 && rows[rows.startIndex].contains("Message: I can come at five.") && rows.allSatisfy { $0.contains("waiting") },
                    "\(outbox.stdout)")
            let stillOffline = try await cli.run("sync")
            #expect(stillOffline.status == 1 && stillOffline.stdout.contains("3 changes still wait"))
            let number = try #require(rows.last?.split(separator: " ").first.map(String.init))
            #expect(try await cli.run("outbox", "drop", number).status == 0)
            let unknown = try await cli.run("outbox", "drop", "999")
            #expect(unknown.status == 1 && unknown.stderr.contains("No change #999 waits"))

            try await market.serveAgain()
            // Any command sends what waits first.
            let orders = try await cli.run("orders")
            #expect(orders.status == 0 && orders.stderr.contains("Sent 2 changes kept while offline."), "\(orders.stderr)")
            let sync = try await cli.run("sync")
            #expect(sync.status == 0 && sync.stdout.contains("Nothing waits to be sent."))
            let messages: MessagePage = try await seller.client.send(ConversationEndpoint.messages(conversation.id))
            #expect(messages.items.map(\.text) == ["I can come at five.", "Is it still there?"])
            let favorites = try await cli.run("favorites")
            #expect(favorites.stdout.contains("Bookshelf") && !favorites.stdout.contains("Oak desk"), "the dropped one never went: \(favorites.stdout)")
        }
    }

    @Test("market sync catches up: the seller's answer while away is kept before it is read, and offline `messages` shows it")
    func syncCatchesUp() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let desk = try await market.listing("Oak desk", by: seller)
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            #expect(try await cli.run(["signup", "gus@campus.edu", "--name", "Gus"], input: LiveMarket.password + "\n").status == 0)
            #expect(try await cli.run("message", "--about", desk.id.wireString, "When can I pick it up?").status == 0)
            let first = try await cli.run("sync")
            #expect(first.status == 0 && first.stdout.contains("Up to date."), "\(first.stdout)")
            #expect(try await cli.run("messages").stdout.contains("When can I pick it up?"))

            let conversation = try #require(try await seller.client.send(ConversationEndpoint.list()) as ConversationPage).items[0]
            let _: ConversationMessage = try await seller.client.send(ConversationEndpoint.send(conversation.id, SendMessageRequest(text: "Tomorrow at noon")))
            let sync = try await cli.run("sync")
            #expect(sync.status == 0 && sync.stdout.contains("since the last sync:") && sync.stdout.contains("loaded again"), "\(sync.stdout)")

            await market.stopServing()
            let offline = try await cli.run("messages")
            #expect(offline.status == 0 && offline.stdout.contains("Tomorrow at noon"), "\(offline.stdout)")
            let down = try await cli.run("sync")
            #expect(down.status == 1 && down.stderr.contains("could not be reached"), "\(down.stderr)")
        }
    }
}
