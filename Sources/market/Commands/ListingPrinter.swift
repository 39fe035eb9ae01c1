import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// A listing as `show`, `sell` and `edit` print it.
struct ListingPrinter {
    let output: Output
    let server: URL

    func print(_ listing: Listing) {
        output.say(output.bold(listing.title) + (listing.isFeatured ? "  ★ " + ("featured" as Phrase).localized : ""))
        output.say("\(Format.offers(listing))  ·  \(listing.condition.label.localized)  ·  \(listing.categories.map(\.label.localized).joined(separator: ", "))  ·  \(listing.status.label.localized)")
        if !listing.description.isEmpty { output.say("\n" + listing.description + "\n") }
        if let book = listing.textbook {
            let parts = [book.author, book.edition.map { ("\($0) edition" as Phrase).localized }, book.isbn.map { "ISBN \($0)" }, book.courseCode]
            output.tell("Textbook: \(parts.compactMap { $0 }.joined(separator: " · "))")
        }
        if let contact = listing.seller.contact {
            output.tell("Seller: \(listing.seller.name) (\(contact.label))")
        } else {
            output.tell("Seller: \(listing.seller.name)")
        }
        for photo in listing.photos { output.tell("Photo: \(URL(string: photo.url, relativeTo: server)?.absoluteString ?? photo.url)") }
        output.say(output.dim(("ID \(listing.id.wireString) · listed \(Format.time(listing.createdAt))" as Phrase).localized))
    }
}
