import Fluent
import Foundation
import MarketCore

/// Moves orders through their lifecycle (`OrderAction` holds the table): who may take each
/// step, what the listing does as a result, and the ledger lines a completed order writes.
struct OrderLifecycle {
    let database: any Database
    let writes: WriteTransactions
    let recorder: OrderRecorder
    let now: Date

    /// Wrong confirmation codes allowed before completion is locked for `codeLockout`.
    static let maxCodeFailures = 5
    static let codeLockout: TimeInterval = 15 * 60

    private enum Outcome: Sendable {
        case moved(OrderRecord)
        case wrongCode(lockedUntil: Date?)
    }

    func perform(_ action: OrderAction, on orderID: UUID, by user: UserRecord, confirmationCode: String? = nil) async throws -> OrderRecord {
        let userID = try user.requireID()
        guard let unlocked = try await OrderRecord.find(orderID, on: database), let role = unlocked.role(of: userID) else {
            throw APIError.orderNotFound
        }
        guard action.actor == role else {
            throw APIError.notYourStep("Only the \(action.actor.rawValue) can \(action.rawValue.replacingOccurrences(of: "-", with: " ")) this order.")
        }
        if action == .complete, (confirmationCode ?? "").isEmpty {
            throw APIError.validation(["confirmationCode": "is required: the 6-digit code the buyer shows you"])
        }
        // A wrong code must be counted even though the step fails, so the transaction returns
        // the outcome and the error is thrown after it commits.
        let outcome: Outcome = try await writes.run { tx in
            guard let listing = try await tx.lockListing(unlocked.$listing.id),
                  let order = try await OrderRecord.find(orderID, on: tx.db) else { throw APIError.orderNotFound }
            guard let target = action.target(from: try order.orderStatus, type: try order.orderType, fulfillment: try order.orderFulfillment) else {
                throw Self.illegal(action, order)
            }
            if action == .complete {
                if let locked = order.codeLockedUntil, locked > now { throw lockedOut(until: locked) }
                if !ConfirmationCode.matches(confirmationCode ?? "", order.confirmationCode) {
                    return try await countWrongCode(order, on: tx.db)
                }
            }
            let isRental = try order.orderType == .rental
            // Back with its owner before its end: the rest of the period is free again.
            if isRental, [.completed, .disputed].contains(target), let end = order.endsAt, end > now { order.endsAt = max(now, order.startsAt ?? now) }
            try await recorder.move(order, to: target, by: userID, listingTitle: listing.title, in: tx)
            switch target {
            case .declined, .cancelled:
                try await OrderListings.release(order, now: now, on: tx.db)
            case .inUse:
                // A rental is paid for when it is handed over, as a sale is; its deposit is held until it is back.
                let entries = try LedgerEntryRecord.forCompleted(order, listing: listing, now: now)
                    + LedgerEntryRecord.forDeposit(order, listing: listing, released: false, now: now)
                for entry in entries { try await entry.create(on: tx.db) }
            case .completed where isRental:
                for entry in try LedgerEntryRecord.forDeposit(order, listing: listing, released: true, now: now) { try await entry.create(on: tx.db) }
            case .completed where !isRental:
                try await OrderListings.markSold(order, now: now, on: tx.db)
                for entry in try LedgerEntryRecord.forCompleted(order, listing: listing, now: now) { try await entry.create(on: tx.db) }
            default:
                break
            }
            return .moved(order)
        }
        switch outcome {
        case .moved(let order):
            return order
        case .wrongCode(let lockedUntil?):
            throw lockedOut(until: lockedUntil)
        case .wrongCode(nil):
            throw APIError.validation(["confirmationCode": "does not match the buyer's code"])
        }
    }

    /// Cancels every open order `userID` is a party to (account deletion), releasing what they held.
    func cancelAll(of userID: UUID, in tx: WriteTransaction) async throws {
        let open = try await OrderRecord.query(on: tx.db)
            .group(.or) { $0.filter(\.$buyer.$id == userID).filter(\.$seller.$id == userID) }
            .filter(\.$status ~~ OrderStatus.allCases.filter(\.isOpen).map(\.rawValue))
            .with(\.$listing)
            .all()
        for order in open {
            try await recorder.move(order, to: .cancelled, by: userID, listingTitle: order.listing.title, in: tx)
            try await OrderListings.release(order, now: now, on: tx.db)
        }
    }

    private func countWrongCode(_ order: OrderRecord, on db: any Database) async throws -> Outcome {
        order.codeFailures += 1
        var lockedUntil: Date?
        if order.codeFailures >= Self.maxCodeFailures {
            lockedUntil = now.addingTimeInterval(Self.codeLockout)
            order.codeLockedUntil = lockedUntil
            order.codeFailures = 0
        }
        try await order.save(on: db)
        return .wrongCode(lockedUntil: lockedUntil)
    }

    private static func illegal(_ action: OrderAction, _ order: OrderRecord) -> APIError {
        let status = order.status.replacingOccurrences(of: "_", with: " ")
        var message: Phrase = "An order that is \(status) cannot be \(action.pastTense)."
        if action == .ready, (try? order.orderFulfillment) == .delivery {
            message = "An order that is \(status) cannot be \(action.pastTense). It is for delivery: use out-for-delivery."
        }
        if action == .outForDelivery, (try? order.orderFulfillment) == .pickup {
            message = "An order that is \(status) cannot be \(action.pastTense). It is for pickup: use ready."
        }
        return APIError(.conflict, code: "illegal_transition", message: message)
    }

    private func lockedOut(until: Date) -> APIError {
        APIError(.tooManyRequests, code: "too_many_wrong_codes",
                 message: "Too many wrong confirmation codes. Try again in \(APIError.wait(until.timeIntervalSince(now))).",
                 retryAfter: max(1, until.timeIntervalSince(now)))
    }
}

extension OrderAction {
    var pastTense: String {
        switch self {
        case .accept: "accepted"
        case .decline: "declined"
        case .cancel: "cancelled"
        case .ready: "marked ready for pickup"
        case .outForDelivery: "sent out for delivery"
        case .complete: "completed"
        case .markReturned: "marked returned"
        case .confirmReturn: "confirmed as returned"
        case .reportProblem: "reported with a problem"
        }
    }
}
