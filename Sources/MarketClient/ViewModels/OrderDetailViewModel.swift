import Foundation
import MarketCore
import Observation

/// One order: its status and history, and the steps the server says I may take next
/// (`Order.actions`) — accept, decline, cancel, ready, out for delivery, complete with the
/// buyer's code.
@MainActor
@Observable
public final class OrderDetailViewModel: ReadingScreen {
    public let orderID: UUID
    public private(set) var order: Order?
    /// The code the buyer shows at hand-over, as the seller types it.
    public var confirmationCode = ""
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(orderID: UUID, client: APIClient) {
        self.orderID = orderID
        self.client = client
    }

    /// The steps to offer as buttons: what the server allows me now.
    public var actions: [OrderAction] { order?.actions ?? [] }

    /// The campus's meetup spots, for a pickup order (`loadSpots`).
    public private(set) var spots: [MeetupSpot] = []
    /// The meetup being proposed: one of `spots` and a time.
    public var meetupSpotID: String?
    public var meetupTime = Date()

    /// A proposal from the other side that I may accept.
    public var meetupToAccept: Meetup? {
        guard let order, let meetup = order.meetup, !meetup.isAgreed, order.status.isBeforeHandOver, !isMine(meetup) else { return nil }
        return meetup
    }

    public func loadSpots() async {
        if let spots: [MeetupSpot] = await perform({ try await client.send(MeetupEndpoint.spots()) }) {
            self.spots = spots
            if meetupSpotID == nil { meetupSpotID = order?.meetup?.spot.id ?? spots.first?.id }
        }
    }

    /// Proposes `meetupSpotID` at `meetupTime` (or another instead of the other side's).
    @discardableResult
    public func proposeMeetup() async -> Bool {
        let request = MeetupRequest(spotId: meetupSpotID, at: meetupTime)
        guard checked(request.validated(now: Date())) != nil else { return false }
        guard let updated: Order = await perform({ try await client.send(MeetupEndpoint.propose(order: orderID, request)) }) else { return false }
        order = updated
        return true
    }

    /// Accepts the other side's proposal as shown; if it changed meanwhile (409), the order is
    /// reloaded so the new one shows with the server's sentence.
    @discardableResult
    public func acceptMeetup() async -> Bool {
        guard let meetup = meetupToAccept else { return false }
        if let updated: Order = await perform({ try await client.send(MeetupEndpoint.accept(order: orderID, meetup)) }) {
            order = updated
            return true
        }
        if let message = errorMessage {
            if let fresh: Order = try? await client.send(OrderEndpoint.show(orderID)) { order = fresh }
            errorMessage = message
        }
        return false
    }

    /// Whether I proposed `meetup`. The server shows the confirmation code to the buyer only,
    /// so it tells which party I am.
    private func isMine(_ meetup: Meetup) -> Bool {
        guard let order else { return false }
        let me = order.confirmationCode != nil ? order.buyer.id : order.seller.id
        return meetup.proposedBy == me
    }

    public func load() async {
        await read({ try await client.send(OrderEndpoint.show(orderID)) as Order }) { order = $0 }
    }

    /// Takes `action`; the order then shows its new status and next steps. When the order
    /// moved on elsewhere (409), it is reloaded and the server's sentence shown.
    @discardableResult
    public func take(_ action: OrderAction) async -> Bool {
        var code: String?
        if action == .complete {
            let typed = confirmationCode.trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else {
                show(APIClientError.invalid(["confirmationCode": "is required: ask the buyer for the code on their order"]))
                return false
            }
            code = typed
        }
        if let updated: Order = await perform({ try await client.send(OrderEndpoint.act(orderID, action, confirmationCode: code)) }) {
            order = updated
            confirmationCode = ""
            return true
        }
        if let message = errorMessage, fieldErrors.isEmpty {
            if let fresh: Order = try? await client.send(OrderEndpoint.show(orderID)) { order = fresh }
            errorMessage = message
        }
        return false
    }
}
