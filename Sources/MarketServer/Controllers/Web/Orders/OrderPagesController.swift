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
        routes.post("orders", ":orderID", "meetup", use: proposeMeetup)
        routes.post("orders", ":orderID", "meetup", "accept", use: acceptMeetup)
        routes.get("activity", use: activity)
    }

    struct Tab: Encodable { var label: Phrase; var href: String; var current: Bool }

    struct ListContent: Encodable {
        var heading: Phrase
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
        let time = req.localTime
        let orders = try await services.orderPresenter.present(records, for: session.userID)
            .map { OrderSummary($0, viewerID: session.userID, time: time) }
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
        var meetup: MeetupSection?
        var error: Phrase?
    }

    /// What was typed into the meetup form, and what the server said about it.
    struct MeetupState {
        var form: (spotID: String, at: String)?
        var errors: FieldErrors = [:]
        var error: Phrase?
    }

    func show(req: Request) async throws -> Response {
        try await render(req)
    }

    private func render(_ req: Request, codeErrors: FieldErrors = [:], meetup state: MeetupState = MeetupState(), error: Phrase? = nil,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        let services = req.domain
        let record = try await services.orderQueries.find(try req.uuidParameter("orderID"), for: session.userID)
        let presented = try await services.orderPresenter.present(record, for: session.userID)
        let order = OrderSummary(presented, viewerID: session.userID, time: req.localTime)
        let campus = try await ListingRecord.find(presented.listingId, on: services.database)?.campus
        let content = OrderContent(
            order: order, canReview: try await services.reviews.canReview(record, by: session.userID),
            codeField: [FormField("confirmationCode", "Buyer's confirmation code", errors: codeErrors,
                                  hint: "The buyer sees a 6-digit code on their order page. Enter it when you hand the item over.",
                                  autocomplete: "off", inputMode: "numeric")],
            meetup: MeetupSection(presented, viewerID: session.userID, spots: services.meetups.spots(for: campus), time: req.localTime,
                                  now: services.now, form: state.form, errors: state.errors, error: state.error),
            error: error)
        return try await req.renderPage("order", title: .verbatim(order.title), content, status: status)
    }

    struct CodeForm: Content { var confirmationCode: String? }

    func perform(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        guard let action = req.parameters.get("action").flatMap(OrderAction.init(rawValue:)) else { throw APIError.notFoundAtAddress }
        let orderID = try req.uuidParameter("orderID")
        let code = action == .complete ? try req.formBody(CodeForm.self).confirmationCode : nil
        do {
            let (_, conversation) = try await req.domain.orderSteps.take(action, on: orderID, by: session.user, confirmationCode: code)
            if let conversation { return req.seeOther("/messages/\(conversation.wireString)", notice: .problemReported) }
            return req.seeOther("/orders/\(orderID.wireString)", notice: .orderUpdated)
        } catch let error as APIError where [.conflict, .unprocessableEntity, .forbidden].contains(error.status) {
            if let fields = error.fields, !fields.isEmpty { return try await render(req, codeErrors: fields, status: error.status) }
            return try await render(req, error: error.message, status: error.status)
        }
    }

    struct MeetupForm: Content {
        var spotId: String?
        var at: String?
    }

    /// Proposes a spot and a time typed in the viewer's campus time.
    func proposeMeetup(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(MeetupForm.self)
        let orderID = try req.uuidParameter("orderID")
        var state = MeetupState(form: (form.spotId ?? "", form.at ?? ""))
        let at = req.localTime.readInput(form.at, field: "at", into: &state.errors)
        if !state.errors.isEmpty { return try await render(req, meetup: state, status: .unprocessableEntity) }
        return try await meetupStep(req, state: state, notice: .meetupProposed) {
            try await req.domain.meetups.propose(MeetupRequest(spotId: form.spotId, at: at), on: orderID, by: session.user)
        }
    }

    /// Accepts the proposal the page showed (its spot and instant come back in hidden fields).
    func acceptMeetup(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(MeetupForm.self)
        let orderID = try req.uuidParameter("orderID")
        return try await meetupStep(req, state: MeetupState(), notice: .meetupAgreed) {
            try await req.domain.meetups.accept(MeetupRequest(spotId: form.spotId, at: form.at.flatMap(ISO8601Wire.date(from:))), on: orderID, by: session.user)
        }
    }

    /// Runs a meetup step; a refusal shows the page again with the reason beside the field or above the form.
    private func meetupStep(_ req: Request, state: MeetupState, notice: Notice, _ step: () async throws -> OrderRecord) async throws -> Response {
        var state = state
        do {
            let order = try await step()
            return req.seeOther("/orders/\(try order.requireID().wireString)", notice: notice)
        } catch let error as APIError where [.conflict, .unprocessableEntity, .forbidden].contains(error.status) {
            if let fields = error.fields, !fields.isEmpty { state.errors = fields } else { state.error = error.message }
            return try await render(req, meetup: state, status: error.status)
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
        let time = req.localTime
        let orders = try await services.orderPresenter.present(records, for: session.userID).map { OrderSummary($0, viewerID: session.userID, time: time) }
        let content = ActivityContent(
            tabs: ActivityKind.allCases.map { Tab(label: Phrase($0.rawValue.capitalized), href: "/activity?kind=\($0.rawValue)", current: $0 == kind) },
            orders: orders, empty: Phrase("Nothing %@ yet.", [.phrase(Phrase(kind.rawValue))]).localized,
            moreHref: next.map { "/activity?kind=\(kind.rawValue)&cursor=\($0.token)" })
        return try await req.renderPage("activity", title: "Activity", content)
    }
}
