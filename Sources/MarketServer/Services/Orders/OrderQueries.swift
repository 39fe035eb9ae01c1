import Fluent
import Foundation
import MarketCore

/// Reading orders: one of yours, your orders by role and status, and your activity lists.
struct OrderQueries {
    let database: any Database

    func find(_ orderID: UUID, for userID: UUID) async throws -> OrderRecord {
        guard let order = try await OrderRecord.find(orderID, on: database), order.role(of: userID) != nil else {
            throw APIError.orderNotFound
        }
        return order
    }

    /// The id of the one order of this user's whose id begins with `prefix` (404 none, 409 several).
    func orderID(prefix: IDPrefix, for userID: UUID) async throws -> UUID {
        let ids = try await OrderRecord.query(on: database)
            .group(.or) { $0.filter(\.$buyer.$id == userID).filter(\.$seller.$id == userID) }
            .idBeginning(with: prefix).all().map { try $0.requireID() }
        return try APIError.uniqueMatch(ids, of: prefix, what: "order") ?? { throw APIError.orderNotFound }()
    }

    /// `open`: only orders still in progress (true), or only finished ones (false).
    func list(for userID: UUID, role: OrderRole?, status: OrderStatus?, type: OrderType?, open: Bool? = nil,
              limit: Int, after cursor: PageCursor?) async throws -> ([OrderRecord], PageCursor?) {
        let query = OrderRecord.query(on: database)
        switch role {
        case .buyer: query.filter(\.$buyer.$id == userID)
        case .seller: query.filter(\.$seller.$id == userID)
        case nil: query.group(.or) { $0.filter(\.$buyer.$id == userID).filter(\.$seller.$id == userID) }
        }
        if let status { query.filter(\.$status == status.rawValue) }
        if let open { query.filter(\.$status ~~ OrderStatus.allCases.filter { $0.isOpen == open }.map(\.rawValue)) }
        if let type { query.filter(\.$type == type.rawValue) }
        return try await query.newestFirst(limit: limit, after: cursor)
    }

    /// Teebay's lists (bought, sold, borrowed, lent) plus trades: orders that went ahead or may
    /// still (declined and cancelled ones are left out).
    func activity(_ kind: ActivityKind, for userID: UUID, limit: Int, after cursor: PageCursor?) async throws -> ([OrderRecord], PageCursor?) {
        let query = OrderRecord.query(on: database).filter(\.$status !~ OrderStatus.released.map(\.rawValue))
        switch kind {
        case .bought: query.filter(\.$type == OrderType.purchase.rawValue).filter(\.$buyer.$id == userID)
        case .sold: query.filter(\.$type == OrderType.purchase.rawValue).filter(\.$seller.$id == userID)
        case .borrowed: query.filter(\.$type == OrderType.rental.rawValue).filter(\.$buyer.$id == userID)
        case .lent: query.filter(\.$type == OrderType.rental.rawValue).filter(\.$seller.$id == userID)
        case .traded:
            query.filter(\.$type == OrderType.trade.rawValue)
                .group(.or) { $0.filter(\.$buyer.$id == userID).filter(\.$seller.$id == userID) }
        }
        return try await query.newestFirst(limit: limit, after: cursor)
    }
}
