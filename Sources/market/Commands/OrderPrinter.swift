import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// Orders as the order commands print them.
struct OrderPrinter {
    let output: Output

    func print(_ order: Order, headline: String?) {
        if let headline { output.say(output.green(headline)) }
        output.say("\(output.bold(order.listingTitle)) — \(order.type.rawValue), \(order.status.label.localized)")
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
            [IDPrefix.short($0.id), Format.short($0.listingTitle, 30), $0.type.rawValue, $0.status.label.localized,
             Format.money($0.totalCents, $0.currency), Format.time($0.createdAt)]
        }
    }
}
