import Foundation
import MarketCore

/// The ledger lines the marketplace writes by itself: for fees and refunds, and for both sides
/// of a completed order.
extension LedgerEntryRecord {
    static let feesCategory = "marketplace_fees"
    static let personalCategory = "personal"

    static func forFee(_ fee: FeeRecord, listingTitle: String?, now: Date) throws -> LedgerEntryRecord {
        let isRefund = fee.kind == FeeRecord.Kind.featureRefund.rawValue
        let what = listingTitle.map { " for “\($0)”" } ?? ""
        return LedgerEntryRecord(
            userID: fee.$user.id, kind: .expense, source: isRefund ? .featureRefund : .featureFee,
            category: feesCategory, title: (isRefund ? "Featured listing refund" : "Featured listing") + what,
            amountCents: fee.amountCents, currency: fee.currency, listingID: fee.$listing.id,
            occurredAt: fee.createdAt, now: now)
    }

    /// The buyer's expense (everything paid, delivery included) and the seller's earning (the
    /// price without the courier's fee). Nothing for a trade with no cash.
    static func forCompleted(_ order: OrderRecord, listing: ListingRow, now: Date) throws -> [LedgerEntryRecord] {
        let orderID = try order.requireID()
        let category = ListingCategory.from(mask: listing.categoryMask).first?.rawValue ?? ListingCategory.other.rawValue
        let source: LedgerSource
        let (bought, sold): (String, String)
        switch try order.orderType {
        case .purchase: (source, bought, sold) = (.purchase, "Bought", "Sold")
        case .rental: (source, bought, sold) = (.rental, "Rented", "Lent")
        case .trade: (source, bought, sold) = (.trade, "Trade top-up paid for", "Trade top-up received for")
        }
        var entries: [LedgerEntryRecord] = []
        if order.totalCents > 0 {
            entries.append(LedgerEntryRecord(
                userID: order.$buyer.id, kind: .expense, source: source, category: category,
                title: "\(bought) “\(listing.title)”", amountCents: order.totalCents, currency: order.currency,
                orderID: orderID, listingID: listing.id, occurredAt: now, now: now))
        }
        let earning = order.totalCents - order.deliveryFeeCents
        if earning > 0 {
            entries.append(LedgerEntryRecord(
                userID: order.$seller.id, kind: .earning, source: source, category: category,
                title: "\(sold) “\(listing.title)”", amountCents: earning, currency: order.currency,
                orderID: orderID, listingID: listing.id, occurredAt: now, now: now))
        }
        return entries
    }

    /// A rental's deposit: held at hand-over (the renter's expense, the owner's earning), and
    /// released when the owner confirms the return (the same lines negated), so it nets to nothing.
    static func forDeposit(_ order: OrderRecord, listing: ListingRow, released: Bool, now: Date) throws -> [LedgerEntryRecord] {
        guard let deposit = order.depositCents, deposit > 0 else { return [] }
        let orderID = try order.requireID()
        let category = ListingCategory.from(mask: listing.categoryMask).first?.rawValue ?? ListingCategory.other.rawValue
        let title = (released ? "Deposit returned for" : "Deposit held for") + " “\(listing.title)”"
        let amount = released ? -deposit : deposit
        return [(order.$buyer.id, LedgerKind.expense), (order.$seller.id, .earning)].map { userID, kind in
            LedgerEntryRecord(userID: userID, kind: kind, source: .deposit, category: category, title: title,
                              amountCents: amount, currency: order.currency, orderID: orderID, listingID: listing.id, occurredAt: now, now: now)
        }
    }
}
