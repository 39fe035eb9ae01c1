import Foundation
import MarketCore
@testable import MarketServer
import MarketTestSupport
import Testing
import Vapor

/// Conversations between a buyer and a seller: who may open, read and write them, history,
/// unread counts, idempotent sends, blocks, throttles and deleted accounts.
@Suite("Messages")
struct MessagesTests {
    @Test("anyone signed in but the seller opens one conversation per listing; opening again returns it")
    func opening() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let first = try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/conversations", token: deal.buyer.token)
            #expect(first.status == .created)
            let again = try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/conversations", token: deal.buyer.token)
            #expect(again.status == .ok)
            let conversation = try first.decode(Conversation.self)
            #expect(try again.decode(Conversation.self).id == conversation.id)
            #expect(conversation.otherUser.id == deal.seller.user.id && !conversation.isSeller)
            #expect(conversation.listing.title == deal.listing.title && conversation.lastMessage == nil)

            let own = try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/conversations", token: deal.seller.token)
            #expect(own.status == .forbidden)
            #expect(try own.error.code == "own_listing")
            #expect(try own.error.message == "You cannot start a conversation about your own listing.")
            #expect(try await app.send(.POST, "/api/v1/listings/\(UUID())/conversations", token: deal.buyer.token).status == .notFound)
            #expect(try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/conversations").status == .unauthorized)
        }
    }

    @Test("opening a conversation's page marks nothing read; its Mark as read button (a POST) does, and comes back")
    func readByPostNotByGet() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            try await app.sendMessage("Still there?", in: conversation.id, token: deal.buyer.token)
            let cookie = WebSessionCookie.name + "=" + deal.seller.token
            let path = "/messages/\(conversation.id.uuidString.lowercased())"
            let page = try await app.visit(path, cookies: cookie)
            #expect(page.text.contains("Still there?") && page.text.contains("Mark as read"))
            #expect(try await app.conversations(token: deal.seller.token).unreadCount == 1)
            let read = try await app.send(.POST, path + "/read", rawBody: "csrf=\(page.csrf)",
                                          headers: ["Cookie": page.cookies, "Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"])
            #expect(read.status == .seeOther && read.headers.first(name: .location) == path + "#latest")
            #expect(try await app.conversations(token: deal.seller.token).unreadCount == 0)
            #expect(!(try await app.visit(path, cookies: cookie).text.contains("Mark as read")))
        }
    }

    @Test("messages are trimmed, paged newest first, counted unread for the other side and marked read")
    func messagingAndUnread() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            let sent = try await app.sendMessage("  Is it still available?  ", in: conversation.id, token: deal.buyer.token)
            #expect(sent.status == .created)
            let message = try sent.decode(ConversationMessage.self)
            #expect(message.text == "Is it still available?" && message.senderName == "Bea B.")  // as others read a new account's name
            for n in 1...4 { try await app.sendMessage("Reply \(n)", in: conversation.id, token: deal.seller.token) }

            let buyerView = try await app.conversations(token: deal.buyer.token)
            #expect(buyerView.unreadCount == 4 && buyerView.items.first?.unreadCount == 4)
            #expect(buyerView.items.first?.lastMessage?.text == "Reply 4")
            // Replying reads what came before it.
            let sellerView = try await app.conversations(token: deal.seller.token)
            #expect(sellerView.unreadCount == 0 && sellerView.items.first?.isSeller == true)

            let page1 = try await app.messages(in: conversation.id, token: deal.buyer.token, query: "?limit=3")
            #expect(page1.items.map(\.text) == ["Reply 4", "Reply 3", "Reply 2"])
            let cursor = try #require(page1.nextCursor)
            let page2 = try await app.messages(in: conversation.id, token: deal.buyer.token, query: "?limit=3&cursor=\(cursor)")
            #expect(page2.items.map(\.text) == ["Reply 1", "Is it still available?"] && page2.nextCursor == nil)

            // Read up to "Reply 2": two remain unread; reading never moves back.
            let read = try await app.send(.POST, "/api/v1/conversations/\(conversation.id)/read",
                                          json: MarkReadRequest(upTo: page1.items[2].id), token: deal.buyer.token)
            #expect(try read.decode(Conversation.self).unreadCount == 2)
            try await app.send(.POST, "/api/v1/conversations/\(conversation.id)/read", token: deal.buyer.token)
            try await app.send(.POST, "/api/v1/conversations/\(conversation.id)/read",
                               json: MarkReadRequest(upTo: try #require(page2.items.first).id), token: deal.buyer.token)
            #expect(try await app.conversations(token: deal.buyer.token).unreadCount == 0)
            // The seller sees how far the buyer read.
            #expect(try await app.conversations(token: deal.seller.token).items.first?.otherReadUpTo == page1.items.first?.id)

            let foreign = try await app.send(.POST, "/api/v1/conversations/\(conversation.id)/read",
                                             json: MarkReadRequest(upTo: UUID()), token: deal.buyer.token)
            #expect(foreign.status == .unprocessableEntity)
            #expect(try foreign.error.fields?["upTo"] != nil)
        }
    }

    @Test("bad text is refused naming the field, and nothing is stored")
    func validation() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            for (text, problem) in [("   ", "is required"), (String(repeating: "a", count: 4_001), "must be at most 4000 characters")] {
                let response = try await app.sendMessage(text, in: conversation.id, token: deal.buyer.token)
                #expect(response.status == .unprocessableEntity)
                #expect(try response.error.fields?["text"] == problem)
            }
            #expect(try await app.sendMessage(String(repeating: "a", count: 4_000), in: conversation.id, token: deal.buyer.token).status == .created)
            let badKey = try await app.sendMessage("Hi", in: conversation.id, clientId: "has space", token: deal.buyer.token)
            #expect(try badKey.error.fields?["clientId"] != nil)
            #expect(try await app.messages(in: conversation.id, token: deal.buyer.token).items.count == 1)
        }
    }

    @Test("only the two participants can read or write; others get 404 as for a conversation that does not exist")
    func participantsOnly() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let stranger = try await app.register(name: "Stranger")
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            try await app.sendMessage("Private", in: conversation.id, token: deal.buyer.token)
            for (method, path) in [(HTTPMethod.GET, "messages"), (.POST, "messages"), (.POST, "read"), (.GET, "")] {
                let response = try await app.send(method, "/api/v1/conversations/\(conversation.id)/\(path)",
                                                  json: method == .POST ? SendMessageRequest(text: "Intrusion") : nil, token: stranger.token)
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(try response.error.code == "conversation_not_found")
            }
            #expect(try await app.conversations(token: stranger.token).items.isEmpty)
            #expect(try await app.messages(in: conversation.id, token: deal.seller.token).items.map(\.text) == ["Private"])
        }
    }

    @Test("a send retried with the same clientId stores one message; the same key for other text is a 409")
    func idempotentSend() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            let first = try await app.sendMessage("Tomorrow at 5?", in: conversation.id, clientId: "c-1", token: deal.buyer.token)
            let retry = try await app.sendMessage("Tomorrow at 5?", in: conversation.id, clientId: "c-1", token: deal.buyer.token)
            #expect(first.status == .created && retry.status == .ok)
            #expect(try first.decode(ConversationMessage.self).id == retry.decode(ConversationMessage.self).id)
            let reused = try await app.sendMessage("Something else", in: conversation.id, clientId: "c-1", token: deal.buyer.token)
            #expect(reused.status == .conflict)
            #expect(try reused.error.code == "client_id_reused")
            // Keys are per sender: the seller may use the same one.
            #expect(try await app.sendMessage("Yes", in: conversation.id, clientId: "c-1", token: deal.seller.token).status == .created)
            #expect(try await app.messages(in: conversation.id, token: deal.buyer.token).items.count == 2)
        }
    }

    @Test("a block stops new conversations and messages both ways and hides the blocked seller's listings; unblock undoes it")
    func blocking() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(.sample("Walnut bookshelf"))
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            let other = try await app.createListing(.sample("Walnut desk"), token: deal.seller.token)

            let blocked = try await app.send(.POST, "/api/v1/users/\(deal.seller.user.id)/block", token: deal.buyer.token)
            #expect(blocked.status == .ok)
            #expect(try blocked.decode(BlockedUser.self).name == "Sam S.")
            #expect(try await app.send(.POST, "/api/v1/users/\(deal.seller.user.id)/block", token: deal.buyer.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/blocks", token: deal.buyer.token).decode(BlockList.self).items.count == 1)

            // Neither side can write; the blocker's feed no longer shows the seller's listings.
            for token in [deal.buyer.token, deal.seller.token] {
                let response = try await app.sendMessage("Hello?", in: conversation.id, token: token)
                #expect(response.status == .forbidden)
                #expect(try response.error.code == "messaging_blocked")
            }
            let reopen = try await app.send(.POST, "/api/v1/listings/\(other.id)/conversations", token: deal.buyer.token)
            #expect(reopen.status == .forbidden)
            #expect(try await app.conversations(token: deal.buyer.token).items.first?.blocked == true)
            #expect(try await app.searchListings("q=walnut", token: deal.buyer.token).items.isEmpty)
            #expect(try await app.searchListings("q=walnut").items.count == 2)

            #expect(try await app.send(.DELETE, "/api/v1/users/\(deal.seller.user.id)/block", token: deal.buyer.token).status == .noContent)
            #expect(try await app.sendMessage("Sorry, wrong button", in: conversation.id, token: deal.buyer.token).status == .created)
            #expect(try await app.searchListings("q=walnut", token: deal.buyer.token).items.count == 2)
            #expect(try await app.send(.POST, "/api/v1/users/\(deal.buyer.user.id)/block", token: deal.buyer.token).status == .unprocessableEntity)
            #expect(try await app.send(.POST, "/api/v1/users/\(UUID())/block", token: deal.buyer.token).status == .notFound)
        }
    }

    @Test("30 messages a minute and 10 new conversations an hour per account, then 429 with Retry-After")
    func throttles() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal()
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            for n in 1...30 {
                #expect(try await app.sendMessage("Message \(n)", in: conversation.id, token: deal.buyer.token).status == .created)
                clock.advance(by: 1)
            }
            let refused = try await app.sendMessage("One too many", in: conversation.id, token: deal.buyer.token)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers.first(name: .retryAfter).flatMap(Int.init).map { $0 > 0 && $0 <= 60 } == true)
            // The other side is not slowed down by it; a minute later the sender may write again.
            #expect(try await app.sendMessage("Reply", in: conversation.id, token: deal.seller.token).status == .created)
            clock.advance(by: 31)
            #expect(try await app.sendMessage("Later", in: conversation.id, token: deal.buyer.token).status == .created)

            let listings = try await (1...10).asyncMap { n in try await app.createListing(.sample("Item \(n)"), token: deal.seller.token) }
            for listing in listings.prefix(9) { _ = try await app.openConversation(about: listing.id, token: deal.buyer.token) }
            let tooMany = try await app.send(.POST, "/api/v1/listings/\(listings[9].id)/conversations", token: deal.buyer.token)
            #expect(tooMany.status == .tooManyRequests)
            // Reopening an existing one is not a new conversation.
            #expect(try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/conversations", token: deal.buyer.token).status == .ok)
            clock.advance(by: 3_601)
            #expect(try await app.send(.POST, "/api/v1/listings/\(listings[9].id)/conversations", token: deal.buyer.token).status == .created)
        }
    }

    @Test("an order links to the buyer–seller conversation, which either party opens")
    func orderConversation() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let order = try await app.placeOrder(deal)
            let fromSeller = try await app.send(.POST, "/api/v1/orders/\(order.id)/conversation", token: deal.seller.token)
            #expect(fromSeller.status == .created)
            let conversation = try fromSeller.decode(Conversation.self)
            #expect(conversation.isSeller && conversation.otherUser.id == deal.buyer.user.id)
            #expect(try await app.openConversation(about: deal.listing.id, token: deal.buyer.token).id == conversation.id)
            let stranger = try await app.register(name: "Stranger")
            #expect(try await app.send(.POST, "/api/v1/orders/\(order.id)/conversation", token: stranger.token).status == .notFound)
        }
    }

    @Test("deleting an account keeps the other side's history, the sender shown as a deleted user")
    func deletedSender() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            try await app.sendMessage("Can I see it today?", in: conversation.id, token: deal.buyer.token)
            #expect(try await app.deleteAccount(token: deal.buyer.token).status == .noContent)
            let history = try await app.messages(in: conversation.id, token: deal.seller.token)
            #expect(history.items.map(\.text) == ["Can I see it today?"])
            #expect(history.items.first?.senderName == AccountRules.deletedUserName)
            #expect(try await app.conversations(token: deal.seller.token).items.first?.otherUser.name == AccountRules.deletedUserName)
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
