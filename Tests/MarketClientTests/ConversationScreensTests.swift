import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

@Suite("SDK conversation screens")
@MainActor
struct ConversationScreensTests {
    @Test("inbox and conversation: a message arrives live, is read on sight, the sender sees it seen; a retried send stores once")
    func liveConversation() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let lamp = try await market.listing("Lamp", by: seller)
            let opened: Conversation = try await buyer.client.send(ConversationEndpoint.openAboutListing(lamp.id))

            let inbox = InboxViewModel(client: seller.client)
            await inbox.refresh()
            #expect(inbox.conversations.items.map(\.id) == [opened.id] && inbox.unreadCount == 0)
            let listening = Task { await inbox.listen() }

            let buyerScreen = ConversationViewModel(conversationID: opened.id, client: buyer.client)
            await buyerScreen.load()
            buyerScreen.draft = "  Is the bulb included?  "
            #expect(await buyerScreen.send())
            #expect(buyerScreen.draft.isEmpty && buyerScreen.messages.map(\.text) == ["Is the bulb included?"])
            #expect(!buyerScreen.isSeen)

            #expect(await Self.eventually { inbox.unreadCount == 1 })
            // The count comes with the event; the list is read again after it, so it may land a moment later.
            #expect(await Self.eventually { inbox.conversations.items.first?.lastMessage?.text == "Is the bulb included?" })

            // The buyer's screen listens; the seller opens the conversation and answers.
            let buyerListening = Task { await buyerScreen.listen() }
            let sellerScreen = ConversationViewModel(conversationID: opened.id, client: seller.client)
            await sellerScreen.load()
            #expect(await Self.eventually { buyerScreen.isSeen },
                    "the buyer's screen: \(buyerScreen.errorMessage ?? "no error shown"); the seller's: \(sellerScreen.errorMessage ?? "no error shown")")
            #expect(await Self.eventually { inbox.unreadCount == 0 })
            sellerScreen.draft = "Yes, and it is warm white."
            #expect(await sellerScreen.send())
            #expect(await Self.eventually { buyerScreen.messages.last?.text == "Yes, and it is warm white." })
            #expect(buyerScreen.messages.count == 2 && !buyerScreen.isSeen)
            // Stopped and awaited before the server goes away, so no request of theirs outlives it.
            for task in [listening, buyerListening] {
                task.cancel()
                await task.value
            }
        }
    }

    @Test("a blank draft is refused before any request, beside the text field")
    func blankDraft() async {
        let screen = ConversationViewModel(conversationID: UUID(), client: unreachableSession().client)
        screen.draft = "   "
        #expect(await screen.send() == false)
        #expect(screen.error(for: "text") == "is required")
    }

    /// Polls a screen's state (live updates arrive on their own schedule), up to 30 seconds.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<3_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
