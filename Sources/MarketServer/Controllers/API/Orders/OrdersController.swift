import MarketCore
import Vapor

/// `/api/v1/orders`: your orders, one order, its lifecycle steps; and `/api/v1/me/activity`.
struct OrdersController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let orders = routes.grouped("orders")
        orders.get(use: list)
        orders.get(":orderID", use: show)
        for action in OrderAction.allCases {
            orders.post(":orderID", PathComponent(stringLiteral: action.rawValue)) { req in try await perform(action, req: req) }
        }
        routes.get("me", "activity", use: activity)
    }

    func list(req: Request) async throws -> OrderPage {
        let userID = try req.requireUserID()
        var query = QueryReader(req)
        let role: OrderRole? = query.choice("role")
        let status: OrderStatus? = query.choice("status")
        let type: OrderType? = query.choice("type")
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        let (orders, next) = try await req.domain.orderQueries.list(for: userID, role: role, status: status, type: type, limit: limit, after: cursor)
        return OrderPage(items: try await req.domain.orderPresenter.present(orders, for: userID), nextCursor: next?.token)
    }

    func show(req: Request) async throws -> MarketCore.Order {
        let userID = try req.requireUserID()
        let id = try await req.uuidParameter("orderID") { try await req.domain.orderQueries.orderID(prefix: $0, for: userID) }
        let order = try await req.domain.orderQueries.find(id, for: userID)
        return try await req.domain.orderPresenter.present(order, for: userID)
    }

    func perform(_ action: OrderAction, req: Request) async throws -> MarketCore.Order {
        let session = try req.requireSession()
        let orderID = try req.uuidParameter("orderID")
        let code = action == .complete ? try req.jsonBody(CompleteOrderRequest.self).confirmationCode : nil
        let (order, _) = try await req.domain.orderSteps.take(action, on: orderID, by: session.user, confirmationCode: code)
        return try await req.domain.orderPresenter.present(order, for: session.user.requireID())
    }

    func activity(req: Request) async throws -> OrderPage {
        let userID = try req.requireUserID()
        var query = QueryReader(req)
        let kind: ActivityKind? = query.choice("kind")
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        guard let kind else {
            throw APIError.validation(["kind": "is required: one of \(ActivityKind.allCases.map(\.rawValue).joined(separator: ", "))"])
        }
        let (orders, next) = try await req.domain.orderQueries.activity(kind, for: userID, limit: limit, after: cursor)
        return OrderPage(items: try await req.domain.orderPresenter.present(orders, for: userID), nextCursor: next?.token)
    }
}
