import Foundation
import MarketCore
import Vapor

/// Orders as buyer and as seller (`/orders`), one order with its timeline and the next steps
/// the viewer may take (`/orders/{id}`), and Teebay's activity lists (`/activity`).
struct OrderPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("orders", use: list)
        routes.get("orders", ":orderID", use: show)
        routes.post("orders", ":orderID", ":action", use: perform)
        routes.get("activity", use: activity)
    }

    struct Tab: Encodable { var label: String; var href: String; var current: Bool }

    struct ListContent: Encodable {
        var heading: String
        var tabs: [Tab]
        var statusTabs: [Tab]
        var orders: [OrderSummary]
        var empty: String
        var moreHref: String?
    }

    func list(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let role: OrderRole = reader.choice("role") ?? .buyer
        let open = reader.string("status") != "closed"
        let cursor = reader.cursor()
        let services = req.domain
        // Orders in progress are what a person checks; finished ones are the history.
        let (records, next) = try await services.orderQueries.list(for: session.userID, role: role, status: nil, type: nil,
                                                                   open: open, limit: 50, after: cursor)
        let orders = try await services.orderPresenter.present(records, for: session.userID)
            .map { OrderSummary($0, viewerID: session.userID, time: req.localTime) }
        let base = "/orders?role=\(role.rawValue)"
        let content = ListContent(
            heading: "Orders",
            tabs: [Tab(label: "Buying and renting", href: "/orders?role=buyer", current: role == .buyer),
                   Tab(label: "Selling and lending", href: "/orders?role=seller", current: role == .seller)],
            statusTabs: [Tab(label: "In progress", href: base, current: open),
                         Tab(label: "Finished", href: base + "&status=closed", current: !open)],
            orders: orders,
            empty: open ? "No orders in progress." : "No finished orders yet.",
            moreHref: next.map { base + (open ? "" : "&status=closed") + "&cursor=" + $0.token })
        return try await req.renderPage("orders", title: "Orders", content)
    }

    struct OrderContent: Encodable {
        var order: OrderSummary
        /// Completed, within 30 days, not reviewed yet by this viewer: the page invites a review.
        var canReview: Bool
        var codeField: [FormField]
        var error: String?
    }

    func show(req: Request) async throws -> Response {
        try await render(req)
    }

    private func render(_ req: Request, codeErrors: FieldErrors = [:], error: String? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        let services = req.domain
        let record = try await services.orderQueries.find(try req.uuidParameter("orderID"), for: session.userID)
        let order = OrderSummary(try await services.orderPresenter.present(record, for: session.userID), viewerID: session.userID, time: req.localTime)
        let content = OrderContent(
            order: order, canReview: try await services.reviews.canReview(record, by: session.userID),
            codeField: [FormField("confirmationCode", "Buyer's confirmation code", errors: codeErrors,
                                  hint: "The buyer sees a 6-digit code on their order page. Enter it when you hand the item over.",
                                  autocomplete: "off", inputMode: "numeric")],
            error: error)
        return try await req.renderPage("order", title: order.title, content, status: status)
    }

    struct CodeForm: Content { var confirmationCode: String? }

    func perform(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        guard let action = req.parameters.get("action").flatMap(OrderAction.init(rawValue:)) else { throw APIError.notFoundAtAddress }
        let orderID = try req.uuidParameter("orderID")
        let code = action == .complete ? try req.formBody(CodeForm.self).confirmationCode : nil
        do {
            _ = try await req.domain.orderLifecycle.perform(action, on: orderID, by: session.user, confirmationCode: code)
            return req.seeOther("/orders/\(orderID.wireString)", notice: .orderUpdated)
        } catch let error as APIError where [.conflict, .unprocessableEntity, .forbidden].contains(error.status) {
            if let fields = error.fields, !fields.isEmpty { return try await render(req, codeErrors: fields, status: error.status) }
            return try await render(req, error: error.message, status: error.status)
        }
    }

    struct ActivityContent: Encodable {
        var tabs: [Tab]
        var orders: [OrderSummary]
        var empty: String
        var moreHref: String?
    }

    func activity(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let kind: ActivityKind = reader.choice("kind") ?? .bought
        let services = req.domain
        let (records, next) = try await services.orderQueries.activity(kind, for: session.userID, limit: 50, after: reader.cursor())
        let orders = try await services.orderPresenter.present(records, for: session.userID).map { OrderSummary($0, viewerID: session.userID, time: req.localTime) }
        let content = ActivityContent(
            tabs: ActivityKind.allCases.map { Tab(label: $0.rawValue.capitalized, href: "/activity?kind=\($0.rawValue)", current: $0 == kind) },
            orders: orders, empty: "Nothing \(kind.rawValue) yet.",
            moreHref: next.map { "/activity?kind=\(kind.rawValue)&cursor=\($0.token)" })
        return try await req.renderPage("activity", title: "Activity", content)
    }
}
