import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Messages: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Your conversations, the newest first, with unread counts.")

    @Option(help: "How many to show.") var limit: Int = 30
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let page: ConversationPage = try await context.client.send(ConversationEndpoint.list(PageRequest(limit: limit)))
            context.output.list(page, page.items, empty: "No conversations yet. Ask a seller about a listing: market message --about LISTING_ID \"…\"",
                                columns: ["ID", "WITH", "ABOUT", "UNREAD", "LAST"]) { item in
                [IDPrefix.short(item.id), item.otherUser.name + (item.otherUser.suspended ? " (suspended)" : ""), item.listing.title,
                 item.unreadCount == 0 ? "" : "\(item.unreadCount)", item.lastMessage.map { Self.snippet($0.text) } ?? ""]
            }
        }
    }

    static func snippet(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}
