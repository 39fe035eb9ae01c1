import Fluent
import Foundation
import MarketCore
import SQLKit

/// Reviews after a completed order: each side reviews the other once, within 30 days of the
/// completion; the reviewed person may reply once. No review without a completed order between
/// the two, so ratings cannot be farmed; the unique (order, author) index decides a race.
struct ReviewService {
    let services: DomainServices

    static let window: TimeInterval = 30 * 86_400

    private var database: any Database { services.database }

    func review(order orderID: UUID, _ input: ReviewRequest, by author: UserRecord) async throws -> Review {
        let authorID = try author.requireID()
        guard let order = try await OrderRecord.find(orderID, on: database), let role = order.role(of: authorID) else {
            throw APIError.orderNotFound
        }
        let draft = try APIError.draft(input.validated())
        guard try order.orderStatus == .completed else { throw APIError.reviewNotAllowedYet }
        guard services.now.timeIntervalSince(order.updatedAt) <= Self.window else { throw APIError.reviewWindowClosed }
        let subjectID = role == .buyer ? order.$seller.id : order.$buyer.id
        let services = services
        let record: ReviewRecord
        do {
            // The record is made inside: a body may run twice (`GroupCommit`), and Fluent creates
            // a model object once.
            record = try await services.writes.run { tx in
                if try await ReviewRecord.query(on: tx.db).filter(\.$orderID == orderID).filter(\.$authorID == authorID).count() > 0 {
                    throw APIError.reviewExists
                }
                let record = ReviewRecord()
                record.id = UUID()
                record.orderID = orderID
                record.authorID = authorID
                record.subjectID = subjectID
                record.rating = draft.rating
                record.text = draft.text
                record.createdAt = services.now
                try await record.create(on: tx.db)
                try await services.on(tx.db).notifier.send(OutgoingNotification(
                    userID: record.subjectID, kind: .reviewReceived,
                    message: "\(author.publicName) left you a \(draft.rating)-star review.", orderID: orderID), in: tx)
                return record
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw APIError.reviewExists
        }
        return try await present([record]).first!
    }

    func reply(to reviewID: UUID, _ input: ReviewReplyRequest, by user: UserRecord) async throws -> Review {
        let text = try APIError.draft(input.validated())
        guard let record = try await ReviewRecord.find(reviewID, on: database), record.subjectID == user.id else { throw APIError.reviewNotFound }
        // One statement, so two replies racing cannot both land.
        let updated = try await database.sql.raw("""
            UPDATE reviews SET reply = \(bind: text), replied_at = \(bind: services.now)
            WHERE id = \(bind: reviewID) AND reply IS NULL RETURNING id
            """).first()
        guard updated != nil else { throw APIError.replyExists }
        record.reply = text
        record.repliedAt = services.now
        return try await present([record]).first!
    }

    /// A person's reviews, newest first; 404 when no account (or only a deleted one) has this id.
    /// Titles of listings off the market (sold, archived) only to the parties of the order.
    func page(of userID: UUID, limit: Int, after cursor: PageCursor?, viewerID: UUID?) async throws -> MarketCore.Page<Review> {
        guard let user = try await UserRecord.find(userID, on: database), user.deletedAt == nil else { throw APIError.userNotFound }
        let (rows, next) = try await ReviewRecord.query(on: database).filter(\.$subjectID == userID).newestFirst(limit: limit, after: cursor)
        return MarketCore.Page(items: try await present(rows, listedTo: viewerID, listed: true), nextCursor: next?.token)
    }

    /// Every review a person wrote and every one they received, newest first, as a party to
    /// each order reads it (their data, `AccountExporter`).
    func all(of userID: UUID) async throws -> (given: [Review], received: [Review]) {
        let given = try await ReviewRecord.query(on: database).filter(\.$authorID == userID).sort(FieldKey("seq"), .descending).all()
        let received = try await ReviewRecord.query(on: database).filter(\.$subjectID == userID).sort(FieldKey("seq"), .descending).all()
        return (try await present(given), try await present(received))
    }

    /// What a review says it was about: the listing's title while it is on the market, or to the
    /// order's parties; "an item" to anyone else (what a student bought is theirs to tell).
    private static func title(of order: OrderRecord?, listed: Bool, to viewer: UUID?) -> String {
        guard let order else { return "an item" }
        let isParty = viewer == order.$buyer.id || viewer == order.$seller.id
        if listed, !ListingVisibility.isPublic(order.listing.status), !isParty { return "an item" }
        return order.listing.title
    }

    /// Whether `userID` may still review this order (the web's order page offers the form).
    func canReview(_ order: OrderRecord, by userID: UUID) async throws -> Bool {
        guard order.role(of: userID) != nil, try order.orderStatus == .completed,
              services.now.timeIntervalSince(order.updatedAt) <= Self.window else { return false }
        return try await ReviewRecord.query(on: database).filter(\.$orderID == order.requireID()).filter(\.$authorID == userID).count() == 0
    }

    /// `listed`: a person's list of reviews, read by `viewer` (nil: signed out); otherwise the
    /// answer to a party of the order (a review just written or replied to).
    private func present(_ records: [ReviewRecord], listedTo viewer: UUID? = nil, listed: Bool = false) async throws -> [Review] {
        guard !records.isEmpty else { return [] }
        let orders = try await OrderRecord.query(on: database).filter(\.$id ~~ records.map(\.orderID)).with(\.$listing).all()
        let authors = try await UserRecord.query(on: database).filter(\.$id ~~ records.map(\.authorID)).all()
        return try records.map { record in
            let order = orders.first { $0.id == record.orderID }
            return Review(id: try record.requireID(), orderId: record.orderID, rating: record.rating, text: record.text,
                          authorId: record.authorID, authorName: authors.first { $0.id == record.authorID }?.publicName ?? "A student",
                          subjectId: record.subjectID, listingTitle: Self.title(of: order, listed: listed, to: viewer),
                          authorRole: order?.role(of: record.authorID)?.rawValue ?? "buyer",
                          reply: record.reply, repliedAt: record.repliedAt, createdAt: record.createdAt)
        }
    }
}
