import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// The `market` binary against a live server: every command's output and exit status, and
/// bad input (unknown id, bad price, server down) as one clear sentence with exit 1.
@Suite("market CLI")
@MainActor
struct CLITests {
    @Test("signup from the terminal, ask a seller about a listing, read the answer, reply")
    func signUpAndMessages() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Sam")
            let desk = try await market.listing("Oak desk", by: seller)
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            let weak = try await cli.run(["signup", "gus@campus.edu", "--name", "Gus"], input: "short\n")
            #expect(weak.status == 1 && weak.stderr.contains("assword"))
            let signup = try await cli.run(["signup", "gus@campus.edu", "--name", "Gus"], input: LiveMarket.password + "\n")
            #expect(signup.status == 0, "\(signup.stderr)")
            #expect(signup.stdout.hasPrefix("Welcome, Gus! Signed in to"))
            #expect(try await cli.run("whoami").stdout.hasPrefix("Gus <gus@campus.edu>"))

            let asked = try await cli.run("message", "--about", desk.id.wireString, "Is the desk still available?")
            #expect(asked.status == 0, "\(asked.stderr)")
            let conversations: ConversationPage = try await seller.client.send(ConversationEndpoint.list())
            let conversation = try #require(conversations.items.first)
            let _: ConversationMessage = try await seller.client.send(ConversationEndpoint.send(conversation.id, SendMessageRequest(text: "Yes, until Friday.")))

            let inbox = try await cli.run("messages")
            #expect(inbox.stdout.contains("Sam") && inbox.stdout.contains("Oak desk") && inbox.stdout.contains("Yes, until Friday."))
            // The inbox shows short ids; the short one opens the conversation.
            let short = IDPrefix.short(conversation.id)
            #expect(inbox.stdout.contains(short + " ") && !inbox.stdout.contains(conversation.id.wireString))
            let thread = try await cli.run("message", short)
            let lines = thread.stdout.split(separator: "\n")
            #expect(lines.count == 3 && lines[1].contains("Is the desk still available?") && lines[2].contains("Yes, until Friday."),
                    "\(thread.stdout)\n\(thread.stderr)")
            #expect(try await cli.run("message", conversation.id.wireString, "Great, I'll come Thursday.").status == 0)
            let empty = try await cli.run("message", conversation.id.wireString, "   ")
            #expect(empty.status == 1 && empty.stderr.contains("text"))
        }
    }

    @Test("without XDG_CONFIG_HOME the session is kept under $HOME/.config, the home the shell says")
    func sessionUnderHome() async throws {
        try await withLiveMarket { market in
            _ = try await market.person("Ada")
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            let home = cli.configDirectory.appendingPathComponent("home")
            let login = try await cli.run(["login", "ada@campus.edu"], input: LiveMarket.password + "\n",
                                          environment: ["XDG_CONFIG_HOME": "", "HOME": home.path])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".config/campusmarket/session.json").path))
        }
    }

    @Test("login, whoami, sell, photo, search, show, edit, delete; the session file is 0600")
    func sellerSession() async throws {
        try await withLiveMarket { market in
            _ = try await market.person("Ada")
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }

            let signedOut = try await cli.run("whoami")
            #expect(signedOut.status == 1)
            #expect(signedOut.stderr == "error: You are not signed in to \(market.url.absoluteString); run `market login` first.\n")

            let wrong = try await cli.run("login", "ada@campus.edu", input: "not the password\n")
            #expect(wrong.status == 1)
            #expect(wrong.stderr.hasPrefix("error: "))

            let login = try await cli.run("login", "ada@campus.edu", input: LiveMarket.password + "\n")
            #expect(login.status == 0)
            #expect(login.stdout == "Signed in to \(market.url.absoluteString) as Ada <ada@campus.edu>.\n")
            #expect(!login.stdout.contains(LiveMarket.password) && !login.stderr.contains(LiveMarket.password))
            let file = cli.configDirectory.appendingPathComponent("campusmarket/session.json").path
            #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            let whoami = try await cli.run("whoami")
            #expect(whoami.stdout.hasPrefix("Ada <ada@campus.edu>\n"))

            // Signing in again while signed in replaces the session (it failed with Foundation's
            // "The file doesn't exist" and dropped the stored session).
            let again = try await cli.run("login", "ada@campus.edu", input: LiveMarket.password + "\n")
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try await cli.run("whoami").stdout.hasPrefix("Ada <ada@campus.edu>\n"))

            let sell = try await cli.run("sell", "--title", "Desk lamp", "--category", "furniture", "--condition", "good",
                                         "--price", "9", "--rent-price", "1.50", "--json")
            #expect(sell.status == 0)
            let listing = try JSONDecoder.api.decode(Listing.self, from: Data(sell.stdout.utf8))
            #expect(listing.salePriceCents == 900 && listing.rentPriceCents == 150 && listing.rentUnit == .day)
            let id = listing.id.wireString

            let photoFile = cli.configDirectory.appendingPathComponent("lamp.png")
            try Data(SampleImages.png).write(to: photoFile)
            let photo = try await cli.run("photo", "add", id, photoFile.path)
            #expect(photo.status == 0)
            #expect(photo.stdout.hasPrefix("Added photo "))
            #expect(photo.stderr.contains("Uploading lamp.png"))

            let search = try await cli.run("search", "lamp")
            #expect(search.status == 0)
            let lines = search.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("ID") == true && lines.first?.contains("OFFERS") == true)
            // A table of one row, or the test stops here (indexing a shorter one would crash the run).
            try #require(lines.count == 2, "search printed: \(search.stdout) \(search.stderr)")
            #expect(lines[1].contains("Desk lamp") && lines[1].contains("$9.00 · $1.50/day"))
            #expect(lines[1].hasPrefix(IDPrefix.short(listing.id) + " "), "the table's id is the short one")

            let show = try await cli.run("show", String(lines[1].prefix(8)))
            #expect(show.stdout.hasPrefix("Desk lamp\n$9.00 · $1.50/day  ·  Good  ·  Furniture  ·  For offer\n"))
            #expect(show.stdout.contains("Photo: \(market.url.absoluteString)/photos/"))
            // In Spanish where the terminal says so (LANG): our words, the server's errors, money as Spanish writes it.
            let spanish = try await cli.run("show", String(lines[1].prefix(8)), environment: ["LANG": "es_ES.UTF-8", "LC_ALL": ""])
            #expect(spanish.stdout.hasPrefix("Desk lamp\n9,00\u{A0}US$ · 1,50\u{A0}US$/día  ·  Bueno  ·  Muebles  ·  En oferta\n"), "\(spanish.stdout)")
            #expect(spanish.stdout.contains("Vendedor: Ada") && spanish.stdout.contains("Foto: "))
            let refused = try await cli.run("sell", "--title", "x", "--category", "furniture", "--condition", "good", "--price", "9",
                                            environment: ["LANG": "es_ES.UTF-8", "LC_ALL": ""])
            #expect(refused.status != 0 && refused.stderr.contains("debe tener de 3 a 100 caracteres"), "\(refused.stderr)")

            let edit = try await cli.run("edit", id, "--price", "8", "--no-trade")
            #expect(edit.status == 0)
            #expect(edit.stdout.contains("$8.00 · $1.50/day"))
            let nothing = try await cli.run("edit", id)
            #expect(nothing.status == 1 && nothing.stderr.contains("Nothing to change"))

            let delete = try await cli.run("delete", id)
            #expect(delete.status == 0)
            let gone = try await cli.run("show", id)
            #expect(gone.status == 1)
            #expect(gone.stderr == "error: There is no listing with this id.\n")

            let logout = try await cli.run("logout")
            #expect(logout.stdout == "Signed out.\n")
            #expect(FileManager.default.fileExists(atPath: file) == false)
        }
    }

    @Test("buy, rent, offer, orders, order steps with the code, activity, notifications, ledger, expenses")
    func buyerAndSeller() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            _ = try await market.person("Buyer")
            let desk = try await market.listing("Desk", by: seller, sale: 2_500)
            let bike = try await market.listing("Bike", by: seller, sale: nil, rent: 500, unit: .day, trade: true)
            let buyerCLI = MarketCLI(server: market.url)
            let sellerCLI = MarketCLI(server: market.url)
            defer { buyerCLI.cleanUp(); sellerCLI.cleanUp() }
            #expect(try await buyerCLI.run("login", "buyer@campus.edu", input: LiveMarket.password + "\n").status == 0)
            #expect(try await sellerCLI.run("login", "seller@campus.edu", input: LiveMarket.password + "\n").status == 0)

            let bought = try await buyerCLI.run("buy", desk.id.wireString, "--json")
            #expect(bought.status == 0)
            let order = try JSONDecoder.api.decode(Order.self, from: Data(bought.stdout.utf8))
            let code = try #require(order.confirmationCode)
            let again = try await buyerCLI.run("buy", desk.id.wireString)
            #expect(again.status == 1)
            #expect(again.stderr.hasPrefix("error: ") && again.stdout.isEmpty)

            let start = Date().addingTimeInterval(2 * 86_400)
            let iso = ISO8601DateFormatter()
            let rented = try await buyerCLI.run("rent", bike.id.wireString, "--from", iso.string(from: start),
                                                "--to", iso.string(from: start.addingTimeInterval(2 * 86_400)))
            #expect(rented.status == 0)
            #expect(rented.stdout.hasPrefix("Rented.\nBike — rental, "))
            #expect(rented.stdout.contains("Total $10.00"))
            let overlap = try await buyerCLI.run("rent", bike.id.wireString, "--from", iso.string(from: start.addingTimeInterval(86_400)),
                                                 "--to", iso.string(from: start.addingTimeInterval(3 * 86_400)))
            #expect(overlap.status == 1)
            #expect(overlap.stderr.contains("--from: overlaps a booking"))

            let games = try await buyerCLI.run("sell", "--title", "Board games", "--category", "toys", "--condition", "good", "--price", "20", "--json")
            let gamesID = try JSONDecoder.api.decode(Listing.self, from: Data(games.stdout.utf8)).id.wireString
            let offer = try await buyerCLI.run("offer", bike.id.wireString, "--give", gamesID, "--cash", "5")
            #expect(offer.status == 0)
            #expect(offer.stdout.hasPrefix("Offer sent. Board games + $5.00 for Bike"))

            let orders = try await sellerCLI.run("orders", "--as", "seller")
            #expect(orders.stdout.split(separator: "\n").count == 3)  // header, the desk, the bike
            #expect(orders.stdout.contains("$25.00") && orders.stdout.contains("Waiting for the seller"))

            // Tables and hints print the first 8 digits, which work wherever an id goes.
            let short = IDPrefix.short(order.id)
            #expect(orders.stdout.contains(short + " ") && !orders.stdout.contains(order.id.wireString))
            let show = try await sellerCLI.run("order", short)
            #expect(show.stdout.contains("Next: market order \(short) accept"), "\(show.status) \(show.stderr)")
            #expect(!show.stdout.contains(code))
            #expect(try await sellerCLI.run("order", short, "accept").status == 0)
            let stranger = MarketCLI(server: market.url)
            defer { stranger.cleanUp() }
            _ = try await market.person("Stu")
            _ = try await stranger.run("login", "stu@campus.edu", input: LiveMarket.password + "\n")
            let notTheirs = try await stranger.run("order", short)
            #expect(notTheirs.status == 1 && notTheirs.stderr == "error: There is no order of yours with this id.\n", "\(notTheirs.stderr)")
            #expect(try await sellerCLI.run("order", order.id.wireString, "ready").status == 0)
            let noCode = try await sellerCLI.run("order", order.id.wireString, "complete")
            #expect(noCode.status == 1 && noCode.stderr.contains("--code"))
            let done = try await sellerCLI.run("order", order.id.wireString, "complete", "--code", code)
            #expect(done.status == 0)
            #expect(done.stdout.hasPrefix("Done.\nDesk — purchase, Completed"))

            let activity = try await sellerCLI.run("activity", "sold")
            #expect(activity.stdout.contains("Desk"))
            let notifications = try await sellerCLI.run("notifications")
            #expect(notifications.stdout.contains("●"))
            let read = try await sellerCLI.run("notifications", "--read-all")
            #expect(read.stdout.hasSuffix("0 unread\n"))

            let ledger = try await sellerCLI.run("ledger")
            #expect(ledger.stdout.contains("earned $25.00"))

            let added = try await buyerCLI.run("expenses", "add", "Lab goggles", "12.50", "--json")
            let expense = try JSONDecoder.api.decode(Expense.self, from: Data(added.stdout.utf8))
            #expect(expense.amountInCents == 1_250)
            let list = try await buyerCLI.run("expenses")
            #expect(list.stdout.contains("Lab goggles") && list.stdout.hasSuffix("Total: $12.50\n"))
            #expect(try await buyerCLI.run("expenses", "delete", String(expense.id.wireString.prefix(13))).stdout == "Expense deleted.\n")
        }
    }

    @Test("meetups: list the spots, propose with an order's short id in local time, the other side accepts")
    func meetups() async throws {
        let spot = MeetupSpot(id: "library-steps", name: "Library steps", description: "Lit, with a camera", latitude: 42.2756, longitude: -83.7375)
        try await withLiveMarket(adjust: { $0.meetupSpots = [spot] }) { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let desk = try await market.listing("Desk", by: seller)
            let order: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: desk.id, PurchaseRequest(fulfillment: "pickup")))
            let sellerCLI = MarketCLI(server: market.url), buyerCLI = MarketCLI(server: market.url)
            defer { sellerCLI.cleanUp(); buyerCLI.cleanUp() }
            _ = try await sellerCLI.run("login", "seller@campus.edu", input: LiveMarket.password + "\n")
            _ = try await buyerCLI.run("login", "buyer@campus.edu", input: LiveMarket.password + "\n")

            let spots = try await sellerCLI.run("spots")
            #expect(spots.stdout.contains("library-steps") && spots.stdout.contains("https://www.openstreetmap.org/?mlat=42.275600"))
            let when = Date().addingTimeInterval(2 * 86_400)
            let local = DateFormatter()
            local.locale = Locale(identifier: "en_US_POSIX")
            local.timeZone = TimeZone(identifier: "UTC")  // MarketCLI runs the binary with TZ=UTC
            local.dateFormat = "yyyy-MM-dd HH:mm"
            let proposed = try await sellerCLI.run("meetup", IDPrefix.short(order.id), "--spot", "library-steps", "--at", local.string(from: when))
            #expect(proposed.status == 0, "\(proposed.stderr)")
            #expect(proposed.stdout.contains("Meetup: Library steps") && proposed.stdout.contains("proposed by Seller"))
            let own = try await sellerCLI.run("meetup", IDPrefix.short(order.id), "accept")
            #expect(own.status == 1 && own.stderr.contains("You proposed this meetup"), "\(own.status): \(own.stdout)\n\(own.stderr)")
            let badSpot = try await buyerCLI.run("meetup", IDPrefix.short(order.id), "--spot", "moon", "--at", local.string(from: when))
            #expect(badSpot.status == 1 && badSpot.stderr.contains("must be one of: library-steps"), "\(badSpot.stderr)")

            let accepted = try await buyerCLI.run("meetup", IDPrefix.short(order.id), "accept")
            #expect(accepted.status == 0, "\(accepted.stderr)")
            #expect(accepted.stdout.contains("agreed"))
            let seen: Order = try await seller.client.send(OrderEndpoint.show(order.id))
            #expect(seen.meetup?.isAgreed == true && seen.meetup?.spot.id == "library-steps")
        }
    }

    @Test("favorites: save by short id, list, see the seller's price drop in the list and the notifications, remove; the SDK's view model agrees")
    @MainActor
    func favorites() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let desk = try await market.listing("Desk", by: seller)
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            _ = try await cli.run("login", "buyer@campus.edu", input: LiveMarket.password + "\n")

            let empty = try await cli.run("favorites")
            #expect(empty.status == 0 && empty.stdout.contains("You have not saved any listing"))
            let saved = try await cli.run("favorites", "save", IDPrefix.short(desk.id))
            #expect(saved.status == 0, "\(saved.stderr)")
            #expect(saved.stdout.contains("Saved “Desk”"))
            let listed = try await cli.run("favorites")
            #expect(listed.stdout.contains(IDPrefix.short(desk.id)) && listed.stdout.contains("available"))

            let cheaper = ListingInput(title: desk.title, description: desk.description, categories: desk.categories.map(\.rawValue),
                                       condition: desk.condition.rawValue, salePriceCents: (desk.salePriceCents ?? 2_000) - 500)
            let _: Listing = try await seller.client.send(ListingEndpoint.replace(desk.id, cheaper))
            let notified = try await cli.run("notifications")
            #expect(notified.stdout.contains("which you saved, is now"), "\(notified.stdout)")

            let model = FavoritesViewModel(client: buyer.client)
            await model.refresh()
            #expect(model.favorites.items.map(\.listingId) == [desk.id])
            #expect(model.available.count == 1)

            let removed = try await cli.run("favorites", "remove", IDPrefix.short(desk.id))
            #expect(removed.status == 0 && removed.stdout.contains("No longer saved"))
            await model.refresh()
            #expect(model.favorites.items.isEmpty)
            #expect(await model.save(desk.id))
            #expect(model.favorites.items.first?.title == "Desk")
            let own = FavoritesViewModel(client: seller.client)
            #expect(await own.save(desk.id) == false)
            #expect(own.errorMessage == "You cannot save your own listing.")
            let textbook = ListingInput(title: "Intro to Algorithms", categories: ["textbooks"], condition: "good", salePriceCents: 4_000,
                                        textbook: TextbookDetails(isbn: "9780262046305", courseCode: "eecs-281"))
            let _: Listing = try await seller.client.send(ListingEndpoint.create(textbook))
            let course = try await cli.run("course", "eecs281")
            #expect(course.status == 0, "\(course.stderr)")
            #expect(course.stdout.contains("EECS 281") && course.stdout.contains("9780262046305") && course.stdout.contains("$40.00"))
            let found = try await cli.run("course", "eecs", "--find")
            #expect(found.stdout.contains("EECS 281"))
            let bad = try await cli.run("favorites", "keep", IDPrefix.short(desk.id))
            #expect(bad.status == 1 && bad.stderr.contains("is not something to do with favorites"))
        }
    }

    @Test("bad input and a server that is down: one sentence on stderr, exit 1; a usage mistake exits 64")
    func mistakes() async throws {
        try await withLiveMarket { market in
            _ = try await market.person("Ada")
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            _ = try await cli.run("login", "ada@campus.edu", input: LiveMarket.password + "\n")

            let badPrice = try await cli.run("sell", "--title", "Lamp", "--category", "furniture", "--condition", "good", "--price", "nine")
            #expect(badPrice.status == 1)
            #expect(badPrice.stderr == "error: --price must be an amount such as 12.50 (got \"nine\").\n")

            let invalid = try await cli.run("sell", "--title", "x", "--category", "furniture", "--condition", "good")
            #expect(invalid.status == 1)
            #expect(invalid.stderr.contains("title: must be 3–100 characters"))
            #expect(invalid.stderr.contains("--price/--rent-price/--trade:"))

            let unknown = try await cli.run("show", UUID().wireString)
            #expect(unknown.status == 1 && unknown.stderr == "error: There is no listing with this id.\n")
            let notAnID = try await cli.run("buy", "42")
            #expect(notAnID.status == 1 && notAnID.stderr.hasPrefix("error: \"42\" is not a listing id"))
            #expect(notAnID.stderr.contains("its first 8 or more digits"))
            let unknownShort = try await cli.run("show", "0000abcd")
            #expect(unknownShort.status == 1 && unknownShort.stderr == "error: There is no listing with this id.\n")

            let usage = try await cli.run("search", "--sort", "cheapest")
            #expect(usage.status == 64)

            let down = try await cli.run("search", environment: ["MARKET_SERVER": "http://127.0.0.1:9"])
            #expect(down.status == 1)
            #expect(down.stderr.hasPrefix("error: The server could not be reached"))
            #expect(down.stderr.split(separator: "\n").count == 1)

            let badURL = try await cli.run("search", "--server", "ftp://example")
            #expect(badURL.status == 64)
            #expect(badURL.stderr.contains("--server must be an http or https URL"))
        }
    }
}

extension JSONDecoder {
    /// Decodes what `--json` prints (ISO 8601 times).
    static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
