import Foundation
import Vapor

func routes(_ app: Application) throws {
    let openAPIPath = app.directory.resourcesDirectory + "openapi.yaml"
    let openAPIDocument = try? String(contentsOfFile: openAPIPath, encoding: .utf8)
    if openAPIDocument == nil {
        app.logger.warning("openapi.yaml not found at \(openAPIPath); /openapi.yaml will answer 404")
    }
    try app.register(collection: OperationsController(openAPIDocument: openAPIDocument))
    try app.register(collection: PhotosController())
    try app.register(collection: AppSiteAssociationController())

    // The web app: pages signed in by cookie (WebSessionAuthenticator, global), forms checked
    // for their CSRF token.
    let web = app.grouped(CSRFMiddleware(), RequestLanguageMiddleware())
    try web.register(collection: FeedController())
    try web.register(collection: AuthPagesController())
    try web.register(collection: PasswordResetPagesController())
    try web.register(collection: ListingPageController())
    try web.register(collection: ListingEditorController())
    try web.register(collection: OrderPagesController())
    try web.register(collection: TradeOfferPagesController())
    try web.register(collection: MyListingsController())
    try web.register(collection: SavedPagesController())
    try web.register(collection: CoursePagesController())
    try web.register(collection: NotificationPagesController())
    try web.register(collection: MoneyPagesController())
    try web.register(collection: ProfilePagesController())
    try web.register(collection: PasskeyPagesController())
    try web.register(collection: AppleWebFlowController())
    try web.register(collection: MessagePagesController())
    try web.register(collection: CampusPagesController())
    try web.register(collection: ReportPagesController())
    try web.register(collection: ModerationPagesController())
    try web.register(collection: ReviewPagesController())
    try web.register(collection: NotificationSettingsPagesController())
    // Apple's cross-site post back: no CSRF token can be in it; the flow cookie is its check.
    let pages = app.grouped(RequestLanguageMiddleware())
    try pages.register(collection: AppleWebFlowController.Callback())
    // The footer's language picker: a visitor's choice needs no token (LanguageController says why).
    try pages.register(collection: LanguageController())
    // A mail app's one-click unsubscribe carries no form token: the signed link is its check.
    try pages.register(collection: UnsubscribeController())

    // A signed-in write sent with an Idempotency-Key runs once, however often it is sent.
    let api = app.grouped("api", "v1").grouped(BearerSessionAuthenticator(), RequestLanguageMiddleware(), IdempotencyMiddleware())
    try api.register(collection: AuthController())
    try api.register(collection: ProfileController())
    try api.register(collection: PasskeysController())
    try api.register(collection: ListingsController())
    try api.register(collection: UsersController())
    try api.register(collection: ListingOrdersController())
    try api.register(collection: OrdersController())
    try api.register(collection: MeetupsController())
    try api.register(collection: TradeOffersController())
    try api.register(collection: NotificationsController())
    try api.register(collection: NotificationSettingsController())
    try api.register(collection: DeliveryQuotesController())
    try api.register(collection: MoneyController())
    try api.register(collection: ConversationsController())
    try api.register(collection: BlocksController())
    try api.register(collection: FavoritesController())
    try api.register(collection: ChangesController())
    try api.register(collection: SavedSearchesController())
    try api.register(collection: CoursesController())
    try api.register(collection: PriceGuidanceController())
    try api.register(collection: EventsController())
    try api.register(collection: CampusController())
    try api.register(collection: ReportsController())
    try api.register(collection: ModerationController())
    try api.register(collection: ReviewsController())

    // Text Trader's fixed contract: an operator-issued `x-api-key` on every call, `{"message"}`
    // errors, and the same sessions and services as the API above.
    let textTrader = app.grouped("texttrader")
        .grouped(TextTraderErrorMiddleware(), APIKeyMiddleware(), BearerSessionAuthenticator())
    try textTrader.register(collection: TextTraderAccountsController())
    try textTrader.register(collection: TextTraderBooksController())
}
