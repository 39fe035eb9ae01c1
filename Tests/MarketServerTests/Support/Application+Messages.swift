import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

extension Application {
    /// Opens (or finds) the conversation about `listingID` as the holder of `token`.
    func openConversation(about listingID: UUID, token: String) async throws -> Conversation {
        let response = try await send(.POST, "/api/v1/listings/\(listingID)/conversations", token: token)
        #expect(response.status == .created || response.status == .ok, "open failed: \(response.text)")
        return try response.decode(Conversation.self)
    }

    func sendMessage(_ text: String, in conversationID: UUID, clientId: String? = nil, token: String) async throws -> TestResponse {
        try await send(.POST, "/api/v1/conversations/\(conversationID)/messages",
                       json: SendMessageRequest(text: text, clientId: clientId), token: token)
    }

    func conversations(token: String) async throws -> ConversationPage {
        try await send(.GET, "/api/v1/conversations", token: token).decode(ConversationPage.self)
    }

    func messages(in conversationID: UUID, token: String, query: String = "") async throws -> MessagePage {
        try await send(.GET, "/api/v1/conversations/\(conversationID)/messages\(query)", token: token).decode(MessagePage.self)
    }
}
