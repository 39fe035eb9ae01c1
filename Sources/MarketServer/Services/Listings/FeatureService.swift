import Fluent
import Foundation
import MarketCore

/// Featured listings: bought for a fee, cancellable (with a refund) on the day of purchase (the
/// listing's campus's day),
/// ending by themselves when their time runs out.
struct FeatureService {
    let database: any Database
    /// Money moves in a write transaction (on SQLite, the one writer's), never beside it.
    let writes: WriteTransactions
    let settings: AppSettings
    let listings: ListingService
    let now: Date

    func feature(_ listingID: UUID, by user: UserRecord) async throws -> FeatureReceipt {
        let listing = try await listings.owned(listingID, by: user)
        guard try listing.listingStatus == .active else {
            throw APIError(.conflict, code: "listing_not_active", message: "Only an active listing can be featured; this one is \(listing.status).")
        }
        if let until = listing.featuredUntil, until > now {
            throw APIError(.conflict, code: "already_featured", message: "This listing is already featured until \(localTime(of: listing).time(until)).")
        }
        let userID = try user.requireID()
        let ends = now.addingTimeInterval(settings.featureDuration)
        try await writes.run { [settings, now] tx in
            let db = tx.db
            // Taking the feature is one conditional statement: of two purchases racing, one charges.
            let took = try await db.sql.raw("""
                UPDATE listings SET featured_until = \(bind: ends)
                WHERE id = \(bind: listingID) AND status = 'active' AND (featured_until IS NULL OR featured_until <= \(bind: now))
                RETURNING id
                """).first()
            guard took != nil else {
                throw APIError(.conflict, code: "already_featured", message: "This listing was featured a moment ago; reload it to see until when.")
            }
            let fee = FeeRecord(userID: userID, listingID: listingID, kind: .feature, amountCents: Int64(settings.featurePriceCents),
                          currency: settings.defaultCurrency, createdAt: now)
            try await fee.create(on: db)
            try await LedgerEntryRecord.forFee(fee, listingTitle: listing.title, now: now).create(on: db)
            try await ListingFeatureRecord(listingID: listingID, feeID: fee.requireID(), startsAt: now, endsAt: ends).create(on: db)
        }
        return FeatureReceipt(listingId: listingID, featuredUntil: ends, feeCents: settings.featurePriceCents,
                              currency: settings.defaultCurrency, cancellableUntil: endOfDay(now, of: listing))
    }

    /// Cancels the running feature and refunds its fee, if it was bought today (the campus's day).
    func cancel(_ listingID: UUID, by user: UserRecord) async throws -> FeatureRefund {
        let listing = try await listings.owned(listingID, by: user)
        guard let feature = try await ListingFeatureRecord.query(on: database)
            .filter(\.$listing.$id == listingID).filter(\.$cancelledAt == nil).filter(\.$endsAt > now)
            .with(\.$fee).first() else {
            throw APIError.notFeatured
        }
        guard now < endOfDay(feature.startsAt, of: listing) else {
            throw APIError(.conflict, code: "too_late_to_cancel",
                           message: "A feature can be cancelled only on the day it was bought (until midnight \(localTime(of: listing).abbreviation(at: now))).")
        }
        let userID = try user.requireID()
        let fee = feature.fee
        let featureID = try feature.requireID()
        try await writes.run { [now] tx in
            let db = tx.db
            // Cancelling is one conditional statement: of many cancels racing, one refunds; the
            // others find it cancelled and answer as if it had never been featured.
            let cancelled = try await db.sql.raw("""
                UPDATE listing_features SET cancelled_at = \(bind: now)
                WHERE id = \(bind: featureID) AND cancelled_at IS NULL
                RETURNING id
                """).first()
            guard cancelled != nil else { throw APIError.notFeatured }
            let refund = FeeRecord(userID: userID, listingID: listingID, kind: .featureRefund, amountCents: -fee.amountCents,
                             currency: fee.currency, createdAt: now)
            try await refund.create(on: db)
            try await LedgerEntryRecord.forFee(refund, listingTitle: listing.title, now: now).create(on: db)
            try await db.sql.raw("UPDATE listings SET featured_until = NULL WHERE id = \(bind: listingID)").run()
        }
        return FeatureRefund(listingId: listingID, refundCents: Int(fee.amountCents), currency: fee.currency)
    }

    private func localTime(of listing: ListingRecord) -> LocalTime {
        LocalTime(settings.campuses.timeZone(ofCampus: listing.campus))
    }

    /// Midnight after `date` on the listing's campus.
    private func endOfDay(_ date: Date, of listing: ListingRecord) -> Date {
        let calendar = localTime(of: listing).calendar
        return calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: date))!
    }
}

extension APIError {
    static let notFeatured = APIError(.conflict, code: "not_featured", message: "This listing is not featured, so there is nothing to cancel.")
}
