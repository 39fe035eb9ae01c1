import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review", abstract: "Review the other side of a completed order (1–5 stars), once.")

    @Argument(help: "The order's id.") var order: String
    @Option(help: "1 to 5.") var rating: Int
    @Option(help: "A few words, up to 1,000 characters.") var text: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let request = ReviewRequest(rating: rating, text: text)
            _ = try request.validated().orThrow()
            let review: Review = try await context.client.send(TrustEndpoint.review(order: try await context.id(order, .order), request))
            context.output.show(review) {
                context.output.tell("Posted: \(String(repeating: "★", count: review.rating)) for “\(review.listingTitle)”.")
            }
        }
    }
}
