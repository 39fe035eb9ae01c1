import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Buy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Buy a listing, to pick up or delivered to a campus zone.")

    @Argument(help: "The listing's id.") var id: String
    @Option(help: ArgumentHelp("Deliver to this campus zone (a quote is asked first).", valueName: "zone")) var delivery: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let listingID = try await context.id(id, .listing)
            var request = PurchaseRequest(fulfillment: Fulfillment.pickup.rawValue)
            if let zone = delivery {
                let quote: DeliveryQuote = try await context.client.send(DeliveryQuoteEndpoint.create(
                    DeliveryQuoteRequest(listingId: listingID, dropoff: zone)))
                context.output.say("Delivery to \(quote.dropoff): \(Format.money(quote.fee, quote.currency)), about \(quote.durationMinutes) min.")
                request = PurchaseRequest(fulfillment: Fulfillment.delivery.rawValue, quoteId: quote.id)
            }
            let order: Order = try await context.client.send(OrderEndpoint.purchase(listing: listingID, request))
            context.output.show(order) { OrderPrinter(output: context.output).print(order, headline: "Bought.") }
        }
    }
}

struct Rent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Rent a listing for a period.",
                                                    discussion: "Times are local (2026-11-24 10:00) or ISO 8601 with a zone.")

    @Argument(help: "The listing's id.") var id: String
    @Option(help: "Start of the rental.") var from: String
    @Option(help: "End of the rental.") var to: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let request = RentalRequest(start: try Parse.time(from, option: "--from"), end: try Parse.time(to, option: "--to"))
            _ = try request.validated(now: Date(), maxDuration: .greatestFiniteMagnitude).orThrow()
            let order: Order = try await context.client.send(OrderEndpoint.rent(listing: try await context.id(id, .listing), request))
            context.output.show(order) { OrderPrinter(output: context.output).print(order, headline: "Rented.") }
        }
    }
}

struct Offer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Offer your listings (and cash) in trade for a listing.")

    @Argument(help: "The listing you want.") var id: String
    @Option(help: "One of your listings to give (repeat for several).") var give: [String] = []
    @Option(help: "Cash on top, e.g. 10.") var cash: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            var offered: [UUID] = []
            for text in give { offered.append(try await context.id(text, .listing)) }
            let request = TradeOfferRequest(offeredListingIds: offered,
                                            cashTopUpCents: try Parse.amount(cash, option: "--cash"))
            _ = try request.validated().orThrow()
            let offer: TradeOffer = try await context.client.send(TradeOfferEndpoint.offer(listing: try await context.id(id, .listing), request))
            context.output.show(offer) {
                let items = offer.offeredListings.map(\.title).joined(separator: ", ")
                let cash = offer.cashTopUpCents > 0 ? " + \(Format.money(offer.cashTopUpCents, offer.currency))" : ""
                context.output.say(context.output.green("Offer sent.") + " \(items)\(cash) for \(offer.listingTitle); the seller decides.")
                context.output.say(context.output.dim("Offer \(offer.id.wireString)"))
            }
        }
    }
}

struct Orders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Your orders, newest first.")

    @Option(name: .customLong("as"), help: "buyer or seller (both when left out).") var role: OrderRole?
    @Option(help: "Only orders with this status.") var status: OrderStatus?
    @Option(help: "How many to show.") var limit: Int = 30
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let page: OrderPage = try await context.client.send(OrderEndpoint.list(OrderFilter(role: role, status: status, page: PageRequest(limit: limit))))
            OrderPrinter(output: context.output).list(page, empty: "No orders yet.")
        }
    }
}

struct Activity: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "What you bought, sold, borrowed, lent or traded.")

    @Argument(help: "bought, sold, borrowed, lent or traded.") var kind: ActivityKind = .bought
    @Option(help: "How many to show.") var limit: Int = 30
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let page: OrderPage = try await context.client.send(OrderEndpoint.activity(kind, PageRequest(limit: limit)))
            OrderPrinter(output: context.output).list(page, empty: "Nothing \(kind.rawValue) yet.")
        }
    }
}

struct OrderStep: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order", abstract: "Show an order, or take its next step.",
        discussion: "Steps: accept, decline, ready, out-for-delivery, complete --code CODE (seller); cancel (buyer). A rental comes back: return (renter), then confirm-return or report-problem (owner).")

    @Argument(help: "The order's id.") var id: String
    @Argument(help: "accept, decline, cancel, ready, out-for-delivery, complete, return, confirm-return or report-problem.") var action: OrderAction?
    @Option(help: "The buyer's confirmation code, to complete a hand-over.") var code: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let orderID = try await context.id(id, .order)
            if action == .complete, code == nil { throw CommandFailure("complete needs --code: the code on the buyer's order.") }
            let order: Order = if let action {
                try await context.client.send(OrderEndpoint.act(orderID, action, confirmationCode: code))
            } else {
                try await context.client.send(OrderEndpoint.show(orderID))
            }
            context.output.show(order) { OrderPrinter(output: context.output).print(order, headline: action == nil ? nil : "Done.") }
        }
    }
}

/// Orders as the order commands print them.
struct OrderPrinter {
    let output: Output

    func print(_ order: Order, headline: String?) {
        if let headline { output.say(output.green(headline)) }
        output.say("\(output.bold(order.listingTitle)) — \(order.type.rawValue), \(order.status.label)")
        output.say("Total \(Format.money(order.totalCents, order.currency))"
            + (order.deliveryFeeCents > 0 ? " (delivery \(Format.money(order.deliveryFeeCents, order.currency)))" : "")
            + " · \(order.fulfillment.rawValue)")
        if let start = order.start, let end = order.end {
            output.say("From \(Format.time(start)) to \(Format.time(end))" + (order.rentalUnits.map { " (\($0) units)" } ?? ""))
        }
        output.say("Buyer: \(order.buyer.name) · Seller: \(order.seller.name)")
        if let meetup = order.meetup {
            let who = meetup.proposedBy == order.buyer.id ? order.buyer.name : order.seller.name
            output.say("Meetup: \(meetup.spot.name), \(Format.time(meetup.at)) — "
                + (meetup.isAgreed ? output.green("agreed") : "proposed by \(who)") + " · \(meetup.spot.mapURL)")
        }
        if let code = order.confirmationCode { output.say("Your code for the hand-over: \(output.bold(code))") }
        if !order.actions.isEmpty {
            output.say("Next: " + order.actions.map { "market order \(IDPrefix.short(order.id)) \($0.rawValue)" }.joined(separator: " | "))
        }
        output.say(output.dim("Order \(order.id.wireString) · placed \(Format.time(order.createdAt))"))
    }

    func list(_ page: OrderPage, empty: String) {
        output.list(page, page.items, empty: empty, columns: ["ID", "LISTING", "TYPE", "STATUS", "TOTAL", "PLACED"],
                    alignments: [.left, .left, .left, .left, .right, .left]) {
            [IDPrefix.short($0.id), Format.short($0.listingTitle, 30), $0.type.rawValue, $0.status.label,
             Format.money($0.totalCents, $0.currency), Format.time($0.createdAt)]
        }
    }
}
