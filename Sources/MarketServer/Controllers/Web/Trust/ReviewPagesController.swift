import MarketCore
import Vapor

/// Reviewing the other party of a completed order in the browser: `/orders/{id}/review` (the
/// order page links to it while a review is still possible). The same `ReviewService` as the API.
struct ReviewPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("orders", ":orderID", "review", use: show)
        routes.post("orders", ":orderID", "review", use: post)
    }

    struct Content: Encodable {
        var orderID: String
        var title: String
        var otherParty: String
        var fields: [FormField]
        var formError: Phrase?
    }

    struct ReviewForm: Vapor.Content {
        var rating: String?
        var text: String?
    }

    func show(req: Request) async throws -> Response {
        try await render(req, ReviewForm(rating: "5", text: nil))
    }

    func post(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let orderID = try req.uuidParameter("orderID")
        let form = try req.formBody(ReviewForm.self)
        // A rating that is not a number reaches the rule as none: "is required: 1 to 5 stars".
        let input = ReviewRequest(rating: form.rating.flatMap { Int($0) } ?? 0, text: form.text)
        do {
            _ = try await req.domain.reviews.review(order: orderID, input, by: session.user)
            return req.seeOther("/orders/\(orderID.wireString)", notice: .reviewed)
        } catch let error as APIError where [.unprocessableEntity, .conflict].contains(error.status) {
            return try await render(req, form, errors: error.fields ?? [:], formError: error.fields == nil ? error.message : nil, status: error.status)
        }
    }

    private func render(_ req: Request, _ form: ReviewForm, errors: FieldErrors = [:], formError: Phrase? = nil,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        let services = req.domain
        let record = try await services.orderQueries.find(try req.uuidParameter("orderID"), for: session.userID)
        let order = try await services.orderPresenter.present(record, for: session.userID)
        let other = order.buyer.id == session.userID ? order.seller.name : order.buyer.name
        let fields = [
            FormField.select("rating", "Rating", choices: (1...5).reversed().map { (value: "\($0)", label: .verbatim(String(repeating: "★", count: $0) + " \($0)")) },
                             selected: form.rating, errors: errors),
            FormField("text", "A few words (optional)", kind: "textarea", value: form.text, errors: errors,
                      hint: "Shown on \(other)'s page with the item and the month. Up to \(ReviewRequest.textLength) characters."),
        ]
        let content = Content(orderID: order.id.wireString, title: order.listingTitle, otherParty: other, fields: fields, formError: formError)
        return try await req.renderPage("review", title: "Review \(other)", content, status: status)
    }
}
