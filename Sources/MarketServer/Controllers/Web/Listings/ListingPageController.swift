import Foundation
import MarketCore
import Vapor

/// `/listings/{id}`: the listing page and the actions on it — buy (pickup, or delivery with a
/// quote shown first), rent (the price shown before booking), offer a trade, and the owner's
/// feature and delete. Each form posts here and either moves on or shows the page again with
/// the problem next to the form.
struct ListingPageController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let listing = routes.grouped("listings", ":listingID")
        listing.grouped(ConditionalGet()).get(use: show)
        listing.post("quote", use: quote)
        listing.post("buy", use: buy)
        listing.post("rent", use: rent)
        listing.post("offer", use: offer)
        listing.post("feature", use: feature)
        listing.post("unfeature", use: cancelFeature)
        listing.post("delete", use: remove)
    }

    func show(req: Request) async throws -> Response {
        try await render(req, ListingPageState())
    }

    struct QuoteForm: Content { var dropoff: String? }

    func quote(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(QuoteForm.self)
        var state = ListingPageState(dropoff: form.dropoff)
        do {
            state.quote = try await req.domain.deliveryQuotes.quote(
                DeliveryQuoteRequest(listingId: try req.uuidParameter("listingID"), dropoff: form.dropoff), for: session.user)
        } catch let error as APIError where error.status.code < 500 {
            state.buyError = error.fields?["dropoff"].map { "Delivery to \($0)." } ?? error.message
            return try await render(req, state, status: error.status)
        }
        return try await render(req, state)
    }

    struct BuyForm: Content {
        var fulfillment: String?
        var quoteId: UUID?
    }

    func buy(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(BuyForm.self)
        do {
            let (order, _) = try await req.domain.purchases.purchase(
                try req.uuidParameter("listingID"), PurchaseRequest(fulfillment: form.fulfillment, quoteId: form.quoteId), by: session.user)
            return req.seeOther("/orders/\(try order.requireID().wireString)", notice: .purchased)
        } catch let error as APIError where error.status.code < 500 && error.status != .unauthorized {
            var state = ListingPageState()
            state.buyError = error.fields?["quoteId"].map { "The delivery quote \($0). Get a new quote." } ?? error.message
            return try await render(req, state, status: error.status)
        }
    }

    struct RentForm: Content {
        var start: String?
        var end: String?
        var confirm: String?
    }

    func rent(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(RentForm.self)
        let listingID = try req.uuidParameter("listingID")
        var state = ListingPageState(rentStart: form.start ?? "", rentEnd: form.end ?? "")
        // Typed on the reader's campus clock; the service gets UTC instants.
        let time = req.localTime
        let start = time.readInput(form.start, field: "start", into: &state.rentErrors)
        let end = time.readInput(form.end, field: "end", into: &state.rentErrors)
        if !state.rentErrors.isEmpty { return try await render(req, state, status: .unprocessableEntity) }
        let request = RentalRequest(start: start, end: end)

        // First press: check the period and show the price. Second press (confirm): book it.
        switch request.validated(now: req.domain.now, maxDuration: req.application.settings.maxRentalDuration) {
        case .failure(let errors):
            state.rentErrors = errors.fields
            return try await render(req, state, status: .unprocessableEntity)
        case .success(let period):
            guard form.confirm == "yes" else {
                let listing = try await req.domain.listings.find(listingID)
                if let unit = listing.rentUnit.flatMap(RentUnit.init(rawValue:)), let price = listing.rentPriceCents {
                    let zone = req.application.settings.campuses.timeZone(ofCampus: listing.campus)
                    let units = RentalPricing.units(from: period.start, to: period.end, unit: unit, timeZone: zone)
                    let total = units * Int(price)
                    let each = MoneyText.format(Int(price), currency: listing.currency), sum = MoneyText.format(total, currency: listing.currency)
                    state.rentPreview = unit == .hour ? "\(units) hours × \(each) = \(sum)" : "\(units) days × \(each) = \(sum)"
                }
                return try await render(req, state)
            }
        }
        do {
            let (order, _) = try await req.domain.rentals.rent(listingID, request, by: session.user)
            return req.seeOther("/orders/\(try order.requireID().wireString)", notice: .rented)
        } catch let error as APIError where error.status.code < 500 && error.status != .unauthorized {
            if let fields = error.fields, !fields.isEmpty, error.status == .unprocessableEntity { state.rentErrors = fields } else { state.rentError = error.message }
            return try await render(req, state, status: error.status)
        }
    }

    struct OfferForm: Content {
        var offered: [UUID]?
        var cash: String?
    }

    func offer(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(OfferForm.self)
        var state = ListingPageState(offered: Set(form.offered ?? []), cash: form.cash ?? "")
        var cents: Int?
        if let typed = form.cash?.trimmingCharacters(in: .whitespaces), !typed.isEmpty {
            cents = MoneyText.parse(typed)
            if cents == nil {
                state.tradeErrors["cash"] = "must be an amount such as 10 or 12.50"
                return try await render(req, state, status: .unprocessableEntity)
            }
        }
        do {
            _ = try await req.domain.tradeOffers.offer(
                for: try req.uuidParameter("listingID"),
                TradeOfferRequest(offeredListingIds: form.offered ?? [], cashTopUpCents: cents == 0 ? nil : cents), by: session.user)
            return req.seeOther("/offers?box=sent", notice: .offerSent)
        } catch let error as APIError where error.status.code < 500 && error.status != .unauthorized {
            if let fields = error.fields, !fields.isEmpty {
                state.tradeErrors = fields.renamed(["offeredListingIds": "offered", "cashTopUpCents": "cash"])
            } else {
                state.tradeError = error.message
            }
            return try await render(req, state, status: error.status)
        }
    }

    func feature(req: Request) async throws -> Response {
        try await ownerAction(req) { services, id, user in
            _ = try await services.features.feature(id, by: user)
            return req.seeOther("/listings/\(id.wireString)", notice: .featured)
        }
    }

    func cancelFeature(req: Request) async throws -> Response {
        try await ownerAction(req) { services, id, user in
            _ = try await services.features.cancel(id, by: user)
            return req.seeOther("/listings/\(id.wireString)", notice: .featureCancelled)
        }
    }

    func remove(req: Request) async throws -> Response {
        try await ownerAction(req) { services, id, user in
            switch try await services.listings.remove(id, by: user) {
            case .deleted: return req.seeOther("/my/listings", notice: .listingDeleted)
            case .archived: return req.seeOther("/my/listings", notice: .listingArchived)
            }
        }
    }

    /// Runs an owner's action; a refusal (not theirs: the 403 page; a conflict: the page again
    /// with the reason) never leaves the person without words.
    private func ownerAction(_ req: Request, _ body: (DomainServices, UUID, UserRecord) async throws -> Response) async throws -> Response {
        let session = try req.requireWebSession()
        let id = try req.uuidParameter("listingID")
        do {
            return try await body(req.domain, id, session.user)
        } catch let error as APIError where error.status == .conflict || error.status == .unprocessableEntity {
            return try await render(req, ListingPageState(ownerError: error.message), status: error.status)
        }
    }

    // MARK: Rendering

    func render(_ req: Request, _ state: ListingPageState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let (title, content) = try await req.domain.reading { try await Self.content(req, state, services: $0) }
        return try await req.renderPage("listing", title: title, content, status: status)
    }

    /// The page's content, read on `services` (the request's reading connections).
    private static func content(_ req: Request, _ state: ListingPageState, services: DomainServices) async throws -> (Phrase, ListingPageContent) {
        let id = try req.uuidParameter("listingID")
        let session = req.auth.get(Session.self)
        let row = try await services.listings.visibleRow(id, to: session?.user)
        let listing = try await services.listingPresenter.presentDetail(row, viewerSignedIn: session != nil, viewerID: session?.userID)
        let isOwner = session?.user.id == listing.seller.id
        let time = req.localTime
        let zone = time.abbreviation(at: services.now)

        var booked: [BookedPeriod] = []
        if listing.rentPriceCents != nil {
            let now = services.now
            booked = try await services.rentals.booked(id, from: now, to: now.addingTimeInterval(RentalService.defaultAvailabilityWindow))
        }
        var myListings: [ListingPageContent.Check] = []
        if let session, !isOwner, listing.status == .active {
            let mine = try await services.listingSearch.page(SearchCriteria(sellerID: session.userID, limit: 50)).listings
            myListings = mine.filter { $0.id != id }.map {
                .init(id: $0.id.wireString, title: $0.title, checked: state.offered.contains($0.id))
            }
        }
        let signedIn = session != nil
        let active = listing.status == .active
        var guidance: Phrase?
        if let isbn = listing.textbook?.isbn {
            guidance = try await services.priceGuidance.guidance(isbn: isbn, condition: listing.condition, viewer: session?.user).sentence
        }
        let zones = services.deliveryQuoteProvider.zones
        let content = ListingPageContent(
            id: listing.id.wireString, title: listing.title, textLanguage: listing.language.flatMap { $0 == req.localizer.language ? nil : $0 },
            description: listing.description.isEmpty ? nil : listing.description,
            prices: ListingCard.prices(of: listing, words: req.localizer),
            priceGuidance: guidance,
            status: listing.status.label, isActive: active,
            isFeatured: listing.isFeatured, featuredUntil: listing.featuredUntil.map(time.time),
            photos: listing.photos.enumerated().map { index, photo in
                .init(image: PhotoImage(photo: photo, place: .gallery).html(alt: "Photo \(index + 1) of \(listing.title)", eager: index == 0, priority: index == 0),
                      counter: "\(index + 1) / \(listing.photos.count)")
            },
            facts: Self.facts(of: listing, campuses: services.settings.campuses, time: time),
            seller: .init(id: listing.seller.id.wireString, name: listing.seller.name, campus: listing.seller.campus?.label,
                          verified: listing.seller.campus?.verified ?? false,
                          rating: (listing.seller.rating ?? .unrated).label,
                          memberSince: listing.seller.memberSince.map(time.day),
                          activeListings: listing.seller.activeListingsCount.map { "\($0) listings" },
                          contact: listing.seller.contact?.label,
                          latestReview: (listing.seller.rating?.count ?? 0) == 0 ? nil : try await services.reviews.page(of: listing.seller.id, limit: 1, after: nil, viewerID: session?.userID).items.first.map {
                              "“\($0.text ?? String(repeating: "★", count: $0.rating))” — \($0.authorName), \($0.listingTitle), \(time.month($0.createdAt))"
                          }),
            primaryAction: Self.primaryAction(listing, viewerID: session?.userID),
            signedIn: signedIn, isOwner: isOwner, isSaved: listing.isSaved,
            savedBy: listing.savedCount.flatMap { $0 == 0 ? nil : "Saved by \($0) people" },
            canBuy: listing.offers(.buy, to: session?.userID),
            canRent: listing.offers(.rent, to: session?.userID),
            showsBookings: listing.offers(.rent, to: session?.userID) || (isOwner && listing.rentPriceCents != nil),
            canTrade: listing.offers(.trade, to: session?.userID),
            featureFee: MoneyText.format(services.settings.featurePriceCents, currency: services.settings.defaultCurrency),
            canCancelFeature: listing.isFeatured,
            salePrice: listing.salePriceCents.map { MoneyText.format($0, currency: listing.currency) },
            // The forms are drawn for signed-in visitors only (the others are asked to sign in).
            zoneFields: !signedIn ? [] : [.select("dropoff", "Deliver to", choices: zones.map { (value: $0, label: .verbatim($0)) }, selected: state.dropoff)],
            quote: state.quote.map { quote in
                .init(id: quote.id.wireString, fee: MoneyText.format(quote.fee, currency: quote.currency),
                      total: MoneyText.format(quote.fee + (listing.salePriceCents ?? 0), currency: quote.currency),
                      duration: "about \(quote.durationMinutes) min", dropoff: quote.dropoff, expires: time.time(quote.expiresAt))
            },
            buyError: state.buyError,
            rentUnit: listing.rentUnit == .hour ? "hour" : "day",
            deposit: listing.depositCents.map { MoneyText.format($0, currency: listing.currency) },
            rentFields: !signedIn ? [] : [FormField("start", "From (\(zone))", kind: "datetime-local", value: state.rentStart, errors: state.rentErrors),
                         FormField("end", "Until (\(zone))", kind: "datetime-local", value: state.rentEnd, errors: state.rentErrors)],
            rentPreview: state.rentPreview, rentError: state.rentError ?? state.rentErrors["period"],
            calendar: listing.rentPriceCents == nil ? [] : RentalCalendar.months(2, from: services.now, booked: booked, time: time),
            bookedPeriods: booked.map { time.period($0.start, $0.end) },
            myListings: myListings,
            cashFields: !signedIn ? [] : [FormField("cash", "Cash on top (optional)", value: state.cash, errors: state.tradeErrors, inputMode: "decimal")],
            tradeError: state.tradeError ?? state.tradeErrors["offered"].map { "Your offer \($0)." },
            ownerError: state.ownerError)
        return (.verbatim(listing.title), content)
    }

    /// The owner edits; anyone else buys, else rents, else offers a trade: a link to that form.
    static func primaryAction(_ listing: MarketCore.Listing, viewerID: UUID?) -> ListingPageContent.PrimaryAction? {
        if viewerID == listing.seller.id { return .init(label: "Edit listing", href: "/listings/\(listing.id.wireString)/edit") }
        if listing.offers(.buy, to: viewerID), let sale = listing.salePriceCents {
            return .init(label: "Buy for \(MoneyText.format(sale, currency: listing.currency))", href: "#buy-heading")
        }
        if listing.offers(.rent, to: viewerID), let rent = ListingCard.rentPrice(of: listing) {
            return .init(label: "Rent for \(rent)", href: "#rent-heading")
        }
        if listing.offers(.trade, to: viewerID) { return .init(label: "Offer a trade", href: "#trade-heading") }
        return nil
    }

    static func facts(of listing: MarketCore.Listing, campuses: CampusDirectory, time: LocalTime) -> [ListingPageContent.Fact] {
        var facts: [ListingPageContent.Fact] = [
            .init(term: "Condition", value: listing.condition.label.localized),
            .init(term: "Category", value: listing.categories.map(\.label.localized).joined(separator: ", ")),
        ]
        if let book = listing.textbook {
            if let author = book.author { facts.append(.init(term: "Author", value: author)) }
            if let edition = book.edition { facts.append(.init(term: "Edition", value: edition)) }
            if let isbn = book.isbn { facts.append(.init(term: "ISBN", value: isbn)) }
            if let course = book.courseCode { facts.append(.init(term: "Course", value: course, href: "/courses/" + Course.slug(course))) }
        }
        if let campus = listing.campus { facts.append(.init(term: "Campus", value: campuses.name(of: campus))) }
        facts.append(.init(term: "Listed", value: time.day(listing.createdAt)))
        return facts
    }
}
