import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Notifications: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Your notifications, newest first.")

    @Flag(help: "Only unread ones.") var unread = false
    @Flag(name: .customLong("read-all"), help: "Mark them all read.") var readAll = false
    @Option(help: "How many to show.") var limit: Int = 30
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            if readAll { try await context.client.send(NotificationEndpoint.markAllRead) }
            let page: NotificationPage = try await context.client.send(NotificationEndpoint.list(unreadOnly: unread, PageRequest(limit: limit)))
            context.output.list(page, page.items, empty: unread ? "No unread notifications." : "No notifications yet.", columns: ["", "WHEN", "MESSAGE"]) {
                [$0.readAt == nil ? "●" : " ", Format.time($0.createdAt), $0.message]
            } footer: {
                [context.output.dim("\(page.unreadCount) unread")]
            }
        }
    }
}
