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
        let total = Format.money(order.totalCents, order.currency)
        let fulfillment: Phrase = order.fulfillment == .delivery ? "Delivery" : "Pickup"
        if order.deliveryFeeCents > 0 {
            output.tell("Total \(total) (delivery \(Format.money(order.deliveryFeeCents, order.currency))) · \(fulfillment)")
        } else {
            output.tell("Total \(total) · \(fulfillment)")
        }
        if let start = order.start, let end = order.end {
            let from = Format.time(start), to = Format.time(end)
            output.tell(order.rentalUnits.map { "From \(from) to \(to) (\($0) units)" } ?? "From \(from) to \(to)")
        }
        output.tell("Buyer: \(order.buyer.name) · Seller: \(order.seller.name)")
        if let meetup = order.meetup {
            let who = meetup.proposedBy == order.buyer.id ? order.buyer.name : order.seller.name
            let state = meetup.isAgreed ? output.green(("agreed" as Phrase).localized) : ("proposed by \(who)" as Phrase).localized
            output.tell("Meetup: \(meetup.spot.name), \(Format.time(meetup.at)) — \(state) · \(meetup.spot.mapURL)")
        }
        if let code = order.confirmationCode { output.tell("Your code for the hand-over: \(output.bold(code))") }
        if !order.actions.isEmpty {
            output.tell("Next: \(order.actions.map { "market order \(IDPrefix.short(order.id)) \($0.rawValue)" }.joined(separator: " | "))")
        }
        output.say(output.dim(("Order \(order.id.wireString) · placed \(Format.time(order.createdAt))" as Phrase).localized))
    }

    func list(_ page: OrderPage, empty: String) {
        output.list(page, page.items, empty: empty, columns: ["ID", "LISTING", "TYPE", "STATUS", "TOTAL", "PLACED"],
                    alignments: [.left, .left, .left, .left, .right, .left]) {
            [IDPrefix.short($0.id), Format.short($0.listingTitle, 30), $0.type.rawValue, $0.status.label.localized,
             Format.money($0.totalCents, $0.currency), Format.time($0.createdAt)]
        }
    }
}
