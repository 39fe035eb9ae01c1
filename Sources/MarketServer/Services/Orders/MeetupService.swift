import Fluent
import Foundation
import MarketCore

/// Where and when the two sides of an open pickup order meet: either proposes one of the
/// operator's spots and a time (replacing any earlier proposal), the other accepts it. Both
/// run under the listing's lock, as every order step does, so an acceptance and a new proposal
/// never both win: the acceptance names the proposal it saw, and a changed one is refused.
struct MeetupService {
    let database: any Database
    let writes: WriteTransactions
    let recorder: OrderRecorder
    let settings: AppSettings
    let now: Date

    /// The spots a listing of `campus` may meet at: the campus's own and those for every campus.
    func spots(for campus: String?) -> [MeetupSpot] {
        settings.meetupSpots.filter { $0.campus == nil || campus == nil || $0.campus == campus }
    }

    func propose(_ request: MeetupRequest, on orderID: UUID, by user: UserRecord) async throws -> OrderRecord {
        let draft = try APIError.draft(request.validated(now: now))
        let (userID, unlocked) = try await party(user, orderID)
        return try await writes.run { tx in
            let (order, listing) = try await lockedOpenPickup(orderID, listingID: unlocked.$listing.id, in: tx)
            let choices = spots(for: listing.campus)
            guard let spot = choices.first(where: { $0.id == draft.spotID }) else {
                throw APIError.validation(["spotId": choices.isEmpty ? "cannot be chosen: this campus lists no meetup spots"
                                                                     : "must be one of: \(choices.map(\.id).joined(separator: ", "))"])
            }
            let meetup = try await MeetupRecord.find(orderID, on: tx.db) ?? MeetupRecord(orderID: orderID)
            meetup.propose(spot, at: draft.at, by: userID, now: now)
            try await meetup.save(on: tx.db)
            try await record(order, "Meetup proposed: \(spot.name)", by: user, tell: .meetupProposed,
                             "\(user.publicName) proposes to meet at \(spot.name) for “\(listing.title)”. Accept it, or propose another, on the order.", in: tx)
            return order
        }
    }

    /// `request` is the proposal as the accepting side saw it.
    func accept(_ request: MeetupRequest, on orderID: UUID, by user: UserRecord) async throws -> OrderRecord {
        let draft = try APIError.draft(request.validated(now: now))
        let (userID, unlocked) = try await party(user, orderID)
        return try await writes.run { tx in
            let (order, listing) = try await lockedOpenPickup(orderID, listingID: unlocked.$listing.id, in: tx)
            guard let meetup = try await MeetupRecord.find(orderID, on: tx.db) else {
                throw APIError(.conflict, code: "no_meetup_proposed", message: "Nobody has proposed a meetup for this order yet.")
            }
            guard meetup.$proposer.id != userID else {
                throw APIError.notYourStep("You proposed this meetup; the other side accepts it, or proposes another.")
            }
            guard meetup.spotID == draft.spotID, abs(meetup.at.timeIntervalSince(draft.at)) < 1 else {
                throw APIError(.conflict, code: "meetup_changed",
                               message: "The meetup was changed meanwhile: it is now \(meetup.spotName). Look again before accepting.")
            }
            guard meetup.agreedAt == nil else {
                throw APIError(.conflict, code: "meetup_already_agreed", message: "This meetup is already agreed.")
            }
            meetup.agreedAt = now
            meetup.updatedAt = now
            try await meetup.save(on: tx.db)
            try await record(order, "Meetup agreed: \(meetup.spotName)", by: user, tell: .meetupAgreed,
                             "\(user.publicName) agreed to meet at \(meetup.spotName) for “\(listing.title)”.", in: tx)
            return order
        }
    }

    private func party(_ user: UserRecord, _ orderID: UUID) async throws -> (UUID, OrderRecord) {
        let userID = try user.requireID()
        guard let order = try await OrderRecord.find(orderID, on: database), order.role(of: userID) != nil else { throw APIError.orderNotFound }
        return (userID, order)
    }

    private func lockedOpenPickup(_ orderID: UUID, listingID: UUID, in tx: WriteTransaction) async throws -> (OrderRecord, ListingRow) {
        guard let listing = try await tx.lockListing(listingID), let order = try await OrderRecord.find(orderID, on: tx.db) else {
            throw APIError.orderNotFound
        }
        guard try order.orderFulfillment == .pickup else {
            throw APIError(.conflict, code: "not_pickup", message: "Only a pickup order has a meetup; this one is delivered.")
        }
        guard try order.orderStatus.isBeforeHandOver else {
            throw APIError(.conflict, code: "order_closed",
                           message: "This order is \(try order.orderStatus.label.localized.lowercased()): the hand-over is past, so there is no meetup to arrange.")
        }
        return (order, listing)
    }

    /// The history line and the other side's notification.
    private func record(_ order: OrderRecord, _ note: String, by user: UserRecord, tell kind: NotificationKind, _ message: Phrase,
                        in tx: WriteTransaction) async throws {
        let userID = try user.requireID()
        try await recorder.note(order, note, by: userID, notify: [OutgoingNotification(
            userID: OrderRecorder.otherParty(of: order, than: userID), kind: kind, message: message, orderID: try order.requireID(),
            listingID: order.$listing.id, orderStatus: try order.orderStatus)], in: tx)
    }
}
