import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// The SDK and openapi.yaml name the same routes, both ways: every `/api/v1` operation has an
/// endpoint case, and every endpoint case is a documented operation. (`OperationsTests` checks
/// the same of the server's registered routes, so the three agree.)
@Suite("SDK routes")
struct RouteCoverageTests {
    @Test("every /api/v1 operation in openapi.yaml has an SDK endpoint, and every SDK endpoint is documented")
    func sdkMatchesOpenAPI() throws {
        let documented = try OpenAPIDocument.repository().operations.filter { $0.contains(" /api/v1/") }
        let templates = documented.map(RouteTemplate.init)

        let sdk = Self.everyEndpoint.map { "\($0.method.lowercased()) /api/v1/\($0.path)" }
        let undocumented = sdk.filter { call in !templates.contains { $0.matches(call) } }
        let uncovered = templates.filter { template in !sdk.contains { template.matches($0) } }

        #expect(undocumented.isEmpty, "SDK calls openapi.yaml does not document: \(undocumented)")
        #expect(uncovered.isEmpty, "operations with no SDK call: \(uncovered.map(\.operation).sorted())")
    }

    @Test("query parameters are named as openapi.yaml names them, and nil ones are left out")
    func queryItems() {
        let search = ListingEndpoint.search(ListingQuery(text: "desk lamp", categories: [.furniture, .electronics],
                                                         offer: .rent, minPriceCents: 500, sort: .priceAsc,
                                                         page: PageRequest(limit: 10, cursor: "abc")))
        #expect(search.queryItems.map { "\($0.name)=\($0.value ?? "")" }
            == ["q=desk lamp", "category=furniture,electronics", "offer=rent", "minPriceCents=500",
                "sort=price_asc", "limit=10", "cursor=abc"])
        #expect(ListingEndpoint.search(ListingQuery()).queryItems.isEmpty)
        #expect(NotificationEndpoint.list(unreadOnly: true).queryItems.map(\.name) == ["unread"])
    }

    /// One value of every endpoint case. A new case the list misses still fails the test when
    /// its route is documented, because then no sample covers that operation.
    static var everyEndpoint: [any Endpoint] {
        let id = UUID()
        let other = UUID()
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        var endpoints: [any Endpoint] = [
            AuthEndpoint.register(RegisterRequest(email: "a@b.edu", password: "pw", name: "A")),
            AuthEndpoint.confirmRegistration(SignUpConfirmation(token: "cms_x", password: "pw")),
            AuthEndpoint.login(LoginRequest(email: "a@b.edu", password: "pw")),
            AuthEndpoint.logout,
            AuthEndpoint.status,
            AuthEndpoint.requestPasswordReset(PasswordResetRequest(email: "a@b.edu")),
            AuthEndpoint.confirmPasswordReset(PasswordResetConfirmation(token: "t", newPassword: "pw")),
            AppleEndpoint.nonce,
            AppleEndpoint.signIn(AppleSignInRequest(identityToken: "jwt", nonce: "n")),
            AppleEndpoint.link(AppleSignInRequest(identityToken: "jwt", nonce: "n")),
            AppleEndpoint.unlink,
            PasskeyEndpoint.registrationOptions,
            PasskeyEndpoint.register(PasskeyRegistrationRequest(name: "Phone", credential: nil)),
            PasskeyEndpoint.signInOptions,
            PasskeyEndpoint.signIn(PasskeySignInRequest(credential: nil)),
            PasskeyEndpoint.list,
            PasskeyEndpoint.rename(id, PasskeyRename(name: "Laptop")),
            PasskeyEndpoint.remove(id),
            FavoriteEndpoint.list(), FavoriteEndpoint.save(id), FavoriteEndpoint.remove(id), ChangesEndpoint.since(nil),
            SavedSearchEndpoint.list, SavedSearchEndpoint.save(SavedSearchInput()), SavedSearchEndpoint.rename(id, "Desks"), SavedSearchEndpoint.delete(id),
            NotificationSettingsEndpoint.get, NotificationSettingsEndpoint.update(NotificationSettingsUpdate()),
            DeviceEndpoint.list, DeviceEndpoint.register(DeviceRegistration(token: String(repeating: "ab", count: 32), environment: .sandbox)),
            DeviceEndpoint.forget(token: String(repeating: "ab", count: 32)),
            CourseEndpoint.find("eecs"), CourseEndpoint.show("EECS 281"), PriceGuidanceEndpoint.guidance(isbn: "9780262046305", condition: .good),
            ProfileEndpoint.show,
            ProfileEndpoint.update(UpdateProfileRequest(name: "B")),
            ProfileEndpoint.delete(DeleteAccountRequest(password: "pw")),
            ProfileEndpoint.export,
            ProfileEndpoint.seller(id),
            ProfileEndpoint.findSeller(IDPrefix("3f2c9a1e")!),
            TrustEndpoint.campuses,
            TrustEndpoint.requestCampusEmail(CampusEmailRequest(email: "a@umich.edu")),
            TrustEndpoint.confirmEmail(EmailVerificationRequest(token: "cmv_t")),
            TrustEndpoint.report(ReportRequest(subject: .listing, id: id, reason: .scam)),
            TrustEndpoint.review(order: id, ReviewRequest(rating: 5)),
            TrustEndpoint.reply(review: id, ReviewReplyRequest(text: "Thanks")),
            TrustEndpoint.reviews(user: id, PageRequest()),
            ModerationEndpoint.queue(),
            ModerationEndpoint.decide(report: id, ModerationDecisionRequest(action: .dismiss, note: "ok")),
            ModerationEndpoint.log(PageRequest()),
            ListingEndpoint.search(ListingQuery(text: "desk")),
            ListingEndpoint.show(id),
            ListingEndpoint.find(IDPrefix("3f2c9a1e")!),
            ListingEndpoint.create(ListingInput(title: "Desk", categories: ["furniture"], condition: "good")),
            ListingEndpoint.replace(id, ListingInput(title: "Desk", categories: ["furniture"], condition: "good")),
            ListingEndpoint.delete(id),
            ListingEndpoint.addPhoto(id, FileUpload(field: "photo", filename: "a.jpg", data: Data())),
            ListingEndpoint.reorderPhotos(id, PhotoOrder(photoIds: [other])),
            ListingEndpoint.deletePhoto(listing: id, photo: other),
            ListingEndpoint.feature(id),
            ListingEndpoint.cancelFeature(id),
            OrderEndpoint.purchase(listing: id, PurchaseRequest(fulfillment: "pickup")),
            OrderEndpoint.rent(listing: id, RentalRequest(start: date, end: date.addingTimeInterval(3_600))),
            OrderEndpoint.availability(listing: id, from: date, to: date.addingTimeInterval(86_400)),
            OrderEndpoint.list(OrderFilter(role: .buyer)),
            OrderEndpoint.show(id),
            OrderEndpoint.find(IDPrefix("3f2c9a1e")!),
            MeetupEndpoint.spots(),
            MeetupEndpoint.propose(order: id, MeetupRequest(spotId: "library-steps", at: Date())),
            MeetupEndpoint.accept(order: id, Meetup(spot: MeetupSpot(id: "s", name: "S", description: "", latitude: 0, longitude: 0),
                                                    at: Date(), proposedBy: id, agreedAt: nil)),
            OrderEndpoint.activity(.bought),
            TradeOfferEndpoint.offer(listing: id, TradeOfferRequest(offeredListingIds: [other])),
            TradeOfferEndpoint.list(TradeOfferFilter(role: .received)),
            TradeOfferEndpoint.show(id),
            TradeOfferEndpoint.accept(id),
            TradeOfferEndpoint.decline(id),
            TradeOfferEndpoint.withdraw(id),
            DeliveryQuoteEndpoint.create(DeliveryQuoteRequest(listingId: id, dropoff: "Dorm B")),
            NotificationEndpoint.list(),
            NotificationEndpoint.unreadCount,
            NotificationEndpoint.markRead(id),
            NotificationEndpoint.markAllRead,
            MoneyEndpoint.ledger(),
            MoneyEndpoint.expenses(),
            MoneyEndpoint.expense(id),
            MoneyEndpoint.createExpense(ExpenseInput(expenseTitle: "Lunch", amountInCents: 900, dateOfPurchase: date)),
            MoneyEndpoint.deleteExpense(id),
            ConversationEndpoint.openAboutListing(id),
            ConversationEndpoint.openForOrder(id),
            ConversationEndpoint.list(),
            ConversationEndpoint.show(id),
            ConversationEndpoint.find(IDPrefix("3f2c9a1e")!),
            ConversationEndpoint.messages(id),
            ConversationEndpoint.send(id, SendMessageRequest(text: "Hi")),
            ConversationEndpoint.markRead(id),
            BlockEndpoint.block(other),
            BlockEndpoint.unblock(other),
            BlockEndpoint.list,
            EventsEndpoint.stream,
        ]
        endpoints += OrderAction.allCases.map { OrderEndpoint.act(id, $0) }
        return endpoints
    }
}

/// An openapi.yaml operation ("post /api/v1/orders/{orderID}/accept") matched against a
/// concrete call, each `{parameter}` standing for one path segment.
struct RouteTemplate {
    let operation: String
    private let segments: [Substring]

    init(_ operation: String) {
        self.operation = operation
        segments = operation.split(separator: "/", omittingEmptySubsequences: false)
    }

    func matches(_ call: String) -> Bool {
        let parts = call.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return false }
        return zip(segments, parts).allSatisfy { template, part in
            (template.hasPrefix("{") && template.hasSuffix("}") && !part.isEmpty) || template == part
        }
    }
}
