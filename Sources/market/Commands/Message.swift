import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Message: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a conversation, or send a message in it (or about a listing, opening the conversation).",
        discussion: "market message CONVERSATION_ID            shows the conversation and marks it read\nmarket message CONVERSATION_ID \"text\"     sends a message\nmarket message --about LISTING_ID \"text\"  asks the listing's seller")

    @Argument(help: "The conversation's id (see `market messages`).") var conversation: String?
    @Argument(help: "What to send; left out, the conversation is shown.") var text: String?
    @Option(help: "A listing to ask its seller about, instead of a conversation id.") var about: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            var conversationID: UUID
            var text = self.text
            if let about {
                // With --about, the one argument given is the text.
                if text == nil { text = conversation }
                let opened: Conversation = try await context.client.send(ConversationEndpoint.openAboutListing(try await context.id(about, .listing)))
                conversationID = opened.id
            } else {
                guard let conversation else { throw CommandFailure("Say which conversation (market messages lists them), or --about LISTING_ID.") }
                conversationID = try await context.id(conversation, .conversation)
            }
            if let text {
                let request = SendMessageRequest(text: text, clientId: UUID().wireString)
                _ = try request.validated().orThrow()
                switch try await context.client.sendOrKeep(ConversationEndpoint.send(conversationID, request), as: ConversationMessage.self,
                                                           summary: "Message: \(Format.short(text))") {
                case .sent(let sent): context.output.show(sent) { context.output.tell("Sent to conversation \(conversationID.wireString).") }
                case .waiting(let item): context.output.waiting(item)
                }
                return
            }
            let page: MessagePage = try await context.client.send(ConversationEndpoint.messages(conversationID, PageRequest(limit: 50)))
            // Read offline from what was kept: marked read when next seen online.
            if ReadReport.current?.isOffline != true {
                let _: Conversation = try await context.client.send(ConversationEndpoint.markRead(conversationID))
            }
            context.output.list(page, page.items.reversed(), empty: "No messages yet.", columns: ["WHEN", "FROM", "MESSAGE"]) { message in
                [Format.time(message.sentAt), message.senderName, message.text]
            }
        }
    }
}
