import Foundation
import MarketCore
import Vapor

/// Trade offers received and sent (`/offers`), with accept, decline and withdraw.
struct TradeOfferPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("offers", use: list)
        routes.post("offers", ":offerID", ":action", use: decide)
    }

    struct OfferView: Encodable {
        var id: String
        var listingID: String
        var listingTitle: String
        var who: String
        var items: [String]
        var cash: String?
        var status: String
        var isPending: Bool
        var orderID: String?
        var created: String
    }

    struct Content: Encodable {
        var tabs: [OrderPagesController.Tab]
        var received: Bool
        var offers: [OfferView]
        var error: Phrase?
        var moreHref: String?
    }

    func list(req: Request) async throws -> Response {
        try await render(req)
    }

    private func render(_ req: Request, error: Phrase? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let received = reader.string("box") != "sent"
        let page = try await req.domain.tradeOfferPresenter.list(for: session.userID, received: received, status: nil, listingID: nil,
                                                               limit: 50, after: reader.cursor())
        let offers = page.items.map { offer in
            OfferView(id: offer.id.wireString, listingID: offer.listingId.wireString,
                      listingTitle: offer.listingTitle,
                      who: received ? "From \(offer.offerer.name)" : "To \(offer.seller.name)",
                      items: offer.offeredListings.map(\.title),
                      cash: offer.cashTopUpCents > 0 ? MoneyText.format(offer.cashTopUpCents, currency: offer.currency) : nil,
                      status: offer.status.rawValue.capitalized, isPending: offer.status == .pending,
                      orderID: offer.orderId?.wireString, created: req.localTime.time(offer.createdAt))
        }
        let box = received ? "received" : "sent"
        let content = Content(
            tabs: [.init(label: "Received", href: "/offers", current: received),
                   .init(label: "Sent", href: "/offers?box=sent", current: !received)],
            received: received, offers: offers, error: error,
            moreHref: page.nextCursor.map { "/offers?box=\(box)&cursor=\($0)" })
        return try await req.renderPage("offers", title: "Trade offers", content, status: status)
    }

    func decide(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let offerID = try req.uuidParameter("offerID")
        let services = req.domain
        do {
            switch req.parameters.get("action") {
            case "accept":
                let offer = try await services.tradeOffers.accept(offerID, by: session.user)
                if let orderID = try await services.tradeOfferPresenter.present(offer).orderId {
                    return req.seeOther("/orders/\(orderID.wireString)", notice: .offerUpdated)
                }
            case "decline": _ = try await services.tradeOffers.decline(offerID, by: session.user)
            case "withdraw":
                _ = try await services.tradeOffers.withdraw(offerID, by: session.user)
                return req.seeOther("/offers?box=sent", notice: .offerUpdated)
            default: throw APIError.notFoundAtAddress
            }
            return req.seeOther("/offers", notice: .offerUpdated)
        } catch let error as APIError where error.status == .conflict || error.status == .forbidden {
            return try await render(req, error: error.message, status: error.status)
        }
    }
}
