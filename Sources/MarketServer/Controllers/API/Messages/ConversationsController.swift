import MarketCore
import Vapor

/// `/api/v1/conversations` and the two ways to open one: from a listing (anyone but its
/// seller) and from an order (either party).
struct ConversationsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("listings", ":listingID", "conversations", use: openAboutListing)
        routes.post("orders", ":orderID", "conversation", use: openForOrder)
        let conversations = routes.grouped("conversations")
        conversations.get(use: list)
        conversations.get(":conversationID", use: show)
        conversations.get(":conversationID", "messages", use: messages)
        conversations.post(":conversationID", "messages", use: send)
        conversations.post(":conversationID", "read", use: read)
    }

    func openAboutListing(req: Request) async throws -> Response {
        let (conversation, created) = try await req.domain.conversations
            .open(about: try req.uuidParameter("listingID"), by: try req.requireUserID())
        return try await conversation.encodeResponse(status: created ? .created : .ok, for: req)
    }

    func openForOrder(req: Request) async throws -> Response {
        let (conversation, created) = try await req.domain.conversations
            .open(forOrder: try req.uuidParameter("orderID"), by: try req.requireUserID())
        return try await conversation.encodeResponse(status: created ? .created : .ok, for: req)
    }

    func list(req: Request) async throws -> ConversationPage {
        let userID = try req.requireUserID()
        var query = QueryReader(req)
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        return try await req.domain.conversations.page(for: userID, limit: limit, after: cursor)
    }

    func show(req: Request) async throws -> Conversation {
        let userID = try req.requireUserID()
        let id = try await req.uuidParameter("conversationID") { try await req.domain.conversations.conversationID(prefix: $0, for: userID) }
        return try await req.domain.conversations.conversation(id, for: userID)
    }

    func messages(req: Request) async throws -> MessagePage {
        let userID = try req.requireUserID(), conversationID = try req.uuidParameter("conversationID")
        var query = QueryReader(req)
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        return try await req.domain.conversations.messages(in: conversationID, for: userID, limit: limit, after: cursor)
    }

    /// 201 for a new message; 200 with the stored one when its `clientId` was sent before.
    func send(req: Request) async throws -> Response {
        let userID = try req.requireUserID(), conversationID = try req.uuidParameter("conversationID")
        let draft = try APIError.draft(req.jsonBody(SendMessageRequest.self).validated())
        let (message, created) = try await req.domain.conversations.send(draft, in: conversationID, by: userID)
        return try await message.encodeResponse(status: created ? .created : .ok, for: req)
    }

    func read(req: Request) async throws -> Conversation {
        let userID = try req.requireUserID(), conversationID = try req.uuidParameter("conversationID")
        let body = req.body.data == nil ? MarkReadRequest() : try req.jsonBody(MarkReadRequest.self)
        return try await req.domain.conversations.markRead(conversationID, upTo: body.upTo, by: userID)
    }
}
