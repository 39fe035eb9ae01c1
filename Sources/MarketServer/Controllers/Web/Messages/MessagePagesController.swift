import Foundation
import MarketCore
import Vapor

/// `/messages`: the inbox, a conversation (live through `EventSource`), sending, and the
/// "Message seller" / "Message buyer" buttons of listing and order pages. Plain forms do
/// everything; the script only adds live updates.
struct MessagePagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("messages", use: inbox)
        routes.get("messages", "unread", use: unreadCounts)
        routes.get("events", use: events)
        routes.get("messages", ":conversationID", use: conversation)
        routes.post("messages", ":conversationID", use: send)
        routes.post("messages", ":conversationID", "read", use: read)
        routes.post("messages", ":conversationID", "block", use: block)
        routes.post("messages", ":conversationID", "unblock", use: unblock)
        routes.post("listings", ":listingID", "message", use: messageSeller)
        routes.post("orders", ":orderID", "message", use: messageOrderParty)
    }

    // MARK: Inbox

    struct Row: Encodable {
        var id: String, otherName: String, listingTitle: String, snippet: String?, fromMe: Bool, when: String, unread: Int, blocked: Bool
    }

    func inbox(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let services = req.domain
        let page = try await services.conversations.page(for: session.userID, limit: 30, after: reader.cursor())
        let rows = page.items.map { item in
            Row(id: item.id.wireString, otherName: item.otherUser.name, listingTitle: item.listing.title,
                snippet: item.lastMessage.map { String($0.text.prefix(120)) }, fromMe: item.lastMessage?.senderId == session.userID,
                when: req.localTime.ago(item.lastActivityAt, now: services.now).localized, unread: item.unreadCount, blocked: item.blocked)
        }
        struct Content: Encodable { var rows: [Row]; var moreHref: String? }
        return try await req.renderPage("messages", title: "Messages",
                                        Content(rows: rows, moreHref: page.nextCursor.map { "/messages?cursor=\($0)" }))
    }

    /// The badges' numbers, for the script to refresh them when an event arrives.
    func unreadCounts(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        struct Counts: Content { var messages: Int; var notifications: Int }
        let counts = Counts(messages: try await req.domain.conversations.unreadCount(for: session.userID),
                            notifications: try await req.domain.notifications.unreadCount(for: session.userID))
        let response = try await counts.encodeResponse(for: req)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    /// The same stream as `/api/v1/events`, signed in by the page's cookie.
    func events(req: Request) async throws -> Response {
        try await EventStream.response(for: req, session: try req.requireWebSession())
    }

    // MARK: A conversation

    struct Bubble: Encodable { var id: String; var text: String; var mine: Bool; var sender: String; var when: String; var at: String }

    struct ConversationContent: Encodable {
        var id: String
        var otherName: String
        var otherID: String
        var listingID: String
        var listingTitle: String
        var listingStatus: String
        var messages: [Bubble]
        var olderHref: String?
        var blocked: Bool
        var blockedByMe: Bool
        var seen: Bool
        /// Messages to me not yet read: the page offers "Mark as read" (its script presses it).
        var unread: Bool
        var clientId: String
        var draft: String
        var error: Phrase?
        var maxLength: Int
    }

    func conversation(req: Request) async throws -> Response {
        try await renderConversation(req, id: try req.uuidParameter("conversationID"), draft: "", error: nil)
    }

    private func renderConversation(_ req: Request, id: UUID, draft: String, error: APIError?) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let services = req.domain
        let cursor = reader.cursor()
        let page = try await services.conversations.messages(in: id, for: session.userID, limit: 50, after: cursor)
        // Showing the page reads nothing: a GET (a link preview, a prefetch) changes no state. The
        // page's script marks it read by a POST when it is shown; without script, a button does.
        let conversation = try await services.conversations.conversation(id, for: session.userID)
        let blockedByMe = try await services.blocks.list(for: session.userID).items.contains { $0.id == conversation.otherUser.id }
        let bubbles = page.items.reversed().map { message in
            Bubble(id: message.id.wireString, text: message.text, mine: message.senderId == session.userID, sender: message.senderName,
                   when: req.localTime.ago(message.sentAt, now: services.now).localized, at: ISO8601DateFormatter().string(from: message.sentAt))
        }
        let content = ConversationContent(
            id: id.wireString, otherName: conversation.otherUser.suspended ? ("\(conversation.otherUser.name) (suspended)" as Phrase).localized : conversation.otherUser.name, otherID: conversation.otherUser.id.wireString,
            listingID: conversation.listing.id.wireString, listingTitle: conversation.listing.title,
            listingStatus: conversation.listing.status.label.localized, messages: bubbles,
            olderHref: page.nextCursor.map { "/messages/\(id.wireString)?cursor=\($0)" }, blocked: conversation.blocked,
            blockedByMe: blockedByMe,
            seen: conversation.otherReadUpTo != nil && conversation.otherReadUpTo == conversation.lastMessage?.id,
            unread: conversation.unreadCount > 0,
            clientId: UUID().wireString, draft: draft, error: error.map(Self.sentence), maxLength: SendMessageRequest.textLength.upperBound)
        let response = try await req.renderPage("conversation", title: .verbatim("\(conversation.otherUser.name) · \(conversation.listing.title)"),
                                                content, status: error.map { $0.status } ?? .ok)
        return error.map { response.retryingAfter($0) } ?? response
    }

    private static func sentence(_ error: APIError) -> Phrase {
        error.fields?["text"].map { "Your message \($0)." } ?? error.message
    }

    struct SendForm: Content { var text: String?; var clientId: String? }

    /// A refused message comes back on the page with the text kept; a sent one redirects
    /// (Post/Redirect/Get). The form's `clientId` makes a double submit store it once.
    func send(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let id = try req.uuidParameter("conversationID")
        let form = try req.formBody(SendForm.self)
        do {
            let draft = try APIError.draft(SendMessageRequest(text: form.text, clientId: form.clientId).validated())
            _ = try await req.domain.conversations.send(draft, in: id, by: session.userID)
        } catch let error as APIError where error.status != .notFound {
            return try await renderConversation(req, id: id, draft: form.text ?? "", error: error)
        }
        return req.seeOther("/messages/\(id.wireString)#latest")
    }

    /// The script marks what it showed as read (204); the page's button without script comes
    /// back to the conversation.
    func read(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let id = try req.uuidParameter("conversationID")
        _ = try await req.domain.conversations.markRead(id, upTo: nil, by: session.userID)
        let navigating = req.headers.first(name: .accept)?.contains("text/html") ?? false
        return navigating ? req.seeOther("/messages/\(id.wireString)#latest") : Response(status: .noContent)
    }

    func block(req: Request) async throws -> Response {
        try await setBlock(req, blocked: true)
    }

    func unblock(req: Request) async throws -> Response {
        try await setBlock(req, blocked: false)
    }

    private func setBlock(_ req: Request, blocked: Bool) async throws -> Response {
        let session = try req.requireWebSession()
        let id = try req.uuidParameter("conversationID")
        let other = try await req.domain.conversations.conversation(id, for: session.userID).otherUser.id
        if blocked {
            _ = try await req.domain.blocks.block(other, by: session.userID)
        } else {
            try await req.domain.blocks.unblock(other, by: session.userID)
        }
        return req.seeOther("/messages/\(id.wireString)", notice: blocked ? .blocked : .unblocked)
    }

    // MARK: Opening

    func messageSeller(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let (conversation, _) = try await req.domain.conversations.open(about: try req.uuidParameter("listingID"), by: session.userID)
        return req.seeOther("/messages/\(conversation.id.wireString)")
    }

    func messageOrderParty(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let (conversation, _) = try await req.domain.conversations.open(forOrder: try req.uuidParameter("orderID"), by: session.userID)
        return req.seeOther("/messages/\(conversation.id.wireString)")
    }
}
