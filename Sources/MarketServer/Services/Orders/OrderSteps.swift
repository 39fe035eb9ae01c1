import Foundation
import MarketCore

/// A step a person takes on an order, as every front end takes it: the lifecycle's move and,
/// after it commits, what follows outside the order. An owner who reports a problem with a
/// returned rental lands in the two sides' conversation, opened with their first words, to
/// settle it there.
struct OrderSteps {
    let lifecycle: OrderLifecycle
    let conversations: ConversationService

    static let problemMessage = "I have the rental back, but there is a problem with it. Let's sort it out here."

    /// The order after the step, and the conversation a reported problem opened (nil otherwise,
    /// or when it could not open, e.g. one side blocked the other: the order is flagged all the same).
    func take(_ action: OrderAction, on orderID: UUID, by user: UserRecord, confirmationCode: String? = nil) async throws -> (OrderRecord, conversationID: UUID?) {
        let order = try await lifecycle.perform(action, on: orderID, by: user, confirmationCode: confirmationCode)
        guard action == .reportProblem else { return (order, nil) }
        let userID = try user.requireID()
        guard let (conversation, _) = try? await conversations.open(forOrder: orderID, by: userID) else { return (order, nil) }
        if let draft = try? SendMessageRequest(text: Self.problemMessage, clientId: "problem-\(orderID.wireString)").validated().get() {
            _ = try? await conversations.send(draft, in: conversation.id, by: userID)
        }
        return (order, conversation.id)
    }
}
