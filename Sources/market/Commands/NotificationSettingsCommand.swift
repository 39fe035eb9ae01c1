import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// `market notification-settings`, `market notification-settings TOPIC CHANNEL on|off`.
struct NotificationSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notification-settings",
        abstract: "How you hear of messages, orders, saved searches and saved listings: in the app, by mail, on phones.",
        discussion: "market notification-settings shows them; market notification-settings orders email off changes one (topics: messages, orders, savedSearches, favorites; channels: inApp, email, push).")

    @Argument(help: "A topic, a channel and on or off; nothing to show them.") var change: [String] = []
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            var settings: NotificationSettings
            if change.isEmpty {
                settings = try await context.client.send(NotificationSettingsEndpoint.get)
            } else {
                guard change.count == 3, let topic = NotificationTopic(rawValue: change[0]), let channel = NotificationChannel(rawValue: change[1]),
                      ["on", "off"].contains(change[2]) else {
                    throw CommandFailure("Write a topic (messages, orders, savedSearches, favorites), a channel (inApp, email, push) and on or off: market notification-settings orders email off")
                }
                settings = try await context.client.send(NotificationSettingsEndpoint.update(.setting(topic, channel, to: change[2] == "on")))
            }
            let rows = NotificationTopic.allCases
            context.output.list(settings, rows, empty: "", columns: ["TOPIC", "IN THE APP", "BY MAIL", "TO PHONES"]) { topic in
                [topic.rawValue] + NotificationChannel.allCases.map { settings[topic][$0] ? "on" : "off" }
            }
        }
    }
}
