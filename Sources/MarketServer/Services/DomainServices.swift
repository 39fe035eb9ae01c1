import Fluent
import Foundation
import MarketCore
import Vapor

/// Every service, built in this one place and bound to one database (a request's, or the
/// connection of a transaction already under way), the application's settings and one "now".
/// Controllers ask `req.domain`; a service that needs another inside its transaction asks
/// `services.on(db)` instead of wiring it by hand.
struct DomainServices: Sendable {
    let database: any Database
    let settings: AppSettings
    let passwords: AsyncPasswordHasher
    let decoyPasswordHash: String
    let notificationSenders: [any NotificationSender]
    let deliveryQuoteProvider: any DeliveryQuoteProvider
    /// Woken after a commit that queued mail.
    let mailDelivery: JobRunner?
    /// nil inside a transaction (it is already serialised) and on PostgreSQL.
    let groupCommit: GroupCommit?
    /// Told after a write transaction commits, so its events reach open streams.
    let eventHub: (any EventHub)?
    /// Where photo bytes are kept (`PHOTO_STORE`).
    let photoStorage: any PhotoStorage
    /// Woken after a listing is queued for matching against saved searches.
    var savedSearchMatcher: JobRunner?
    /// SQLite's connections for a request's reads (`reading`); nil on PostgreSQL and inside a
    /// transaction, whose reads must see its own writes.
    var readers: SQLiteReaders?
    /// PostgreSQL's connections for searches (`DatabaseSetup.searchReads`); nil on SQLite and
    /// inside a transaction.
    var searchDatabase: (any Database)?
    /// PostgreSQL: the number past the newest listing, kept for a second (`NewestListingNumber`).
    var newestListing: NewestListingNumber?
    /// Whether any listing is in Spanish, as this instance knows it (`SpanishListings`).
    var spanishListings: SpanishListings?
    let now: Date

    /// The same services on a transaction's connection.
    func on(_ db: any Database) -> DomainServices {
        DomainServices(database: db, settings: settings, passwords: passwords, decoyPasswordHash: decoyPasswordHash,
                 notificationSenders: notificationSenders, deliveryQuoteProvider: deliveryQuoteProvider,
                 mailDelivery: mailDelivery, groupCommit: nil, eventHub: nil, photoStorage: photoStorage,
                 savedSearchMatcher: savedSearchMatcher, newestListing: newestListing, spanishListings: spanishListings, now: now)
    }

    /// These services on a database for a request's reads, which run several statements in turn:
    /// on SQLite the reading connections, each statement run where it is asked (`SQLiteReaders`);
    /// on PostgreSQL one connection of the pool, checked out once, since each checkout of its own
    /// costs a trip through the pool.
    ///
    /// `searching`: a search's reads, on PostgreSQL on the connections that plan its kept
    /// statements once (`DatabaseSetup.searchReads`).
    func reading<T: Sendable>(searching: Bool = false, _ body: @escaping @Sendable (DomainServices) async throws -> T) async throws -> T {
        if let readers { return try await body(on(readers.database(context: database.context))) }
        let pool = searching ? searchDatabase ?? database : database
        return try await pool.withTracedConnection { db in try await body(on(db)) }
    }

    /// A page of the feed, a search or a seller's listings as `viewer` sees it, presented.
    func searchPage(_ query: SearchCriteria, viewer: UserRecord?) async throws -> (listings: [MarketCore.Listing], next: ListingCursor?) {
        try ListingVisibility.check(query, viewer: viewer)
        var query = query
        if let asked = query.campusAsked { query.campus = try trust.campusFilter(asked: asked, viewer: viewer) }
        else if query.campus == nil, query.sellerID == nil {  // one seller's listings: wherever they are
            query.campus = try trust.campusFilter(asked: nil, viewer: viewer)
        }
        query.campusOnlyListings = ListingVisibility.campusOnlyListings(query, viewer: viewer, trust: trust)
        return try await reading(searching: true) { [query] services in
            let result = try await services.listingSearch.page(query, viewer: viewer?.id)
            return (try await services.listingPresenter.present(result.listings), result.next)
        }
    }

    // MARK: Accounts
    var accounts: AccountService { AccountService(services: self) }
    var accountExporter: AccountExporter { AccountExporter(services: self) }
    var signUpLinks: SignUpLinks { SignUpLinks(services: self) }
    var sessionTokens: SessionTokens { SessionTokens(database: database, lifetime: settings.tokenLifetime, now: now) }

    /// The live session for a request's token (`SessionTokens.session(for:)`), asked by every
    /// signed-in request. On SQLite on a reading connection (`reading`), where the statement runs
    /// where it is asked and stays prepared, rather than through the pool's thread and prepared
    /// again each time. PostgreSQL keeps its own prepared statement on the request's database.
    func session(for token: String) async throws -> Session? {
        guard readers != nil else { return try await sessionTokens.session(for: token) }
        return try await reading { try await $0.sessionTokens.session(for: token) }
    }
    var loginThrottle: LoginThrottle { LoginThrottle(database: database, policy: settings.loginThrottle, now: now) }
    /// The throttle's table counting another action with its own limits (`LoginThrottlePolicy.limiting`).
    func throttle(perTarget: Int, perAddress: Int? = nil) -> LoginThrottle {
        LoginThrottle(database: database, policy: settings.loginThrottle.limiting(perTarget: perTarget, perAddress: perAddress), now: now)
    }
    var challengeThrottle: ChallengeThrottle { ChallengeThrottle(loginThrottle: loginThrottle) }
    var sellerProfiles: SellerProfiles { SellerProfiles(database: database, trust: trust) }
    var apiKeys: APIKeys { APIKeys(database: database, now: now) }
    var passwordResets: PasswordResetService { PasswordResetService(services: self) }
    var appleSignIn: AppleSignInService { AppleSignInService(services: self) }
    var passkeys: PasskeyService { PasskeyService(services: self) }

    // MARK: Trust
    var trust: TrustPolicy { TrustPolicy(settings: settings) }
    var campusVerification: CampusVerificationService { CampusVerificationService(services: self) }
    var reports: ReportService { ReportService(services: self) }
    var moderation: ModerationService { ModerationService(services: self) }
    var auditLog: AuditLog { AuditLog(database: database, now: now) }
    var reviews: ReviewService { ReviewService(services: self) }
    var suspensions: Suspensions { Suspensions(services: self) }

    // MARK: Listings
    var listings: ListingService {
        ListingService(database: database, writes: writes, settings: settings, photos: photoStore, alerts: favoriteAlerts,
                       searchAlerts: SavedSearchAlerts(notifier: notifier, now: now, matcher: savedSearchMatcher), now: now,
                       spanishListings: spanishListings)
    }
    var favorites: Favorites { Favorites(database: database, writes: writes, listings: listings, presenter: listingPresenter, now: now) }
    var accountChanges: AccountChanges { AccountChanges(sql: database.sql, now: now) }
    var priceGuidance: PriceGuidanceService { PriceGuidanceService(database: database, trust: trust, settings: settings, now: now) }
    var savedSearches: SavedSearches { SavedSearches(database: database, now: now) }
    var courses: Courses { Courses(database: database, trust: trust, presenter: listingPresenter) }
    var favoriteAlerts: FavoriteAlerts { FavoriteAlerts(notifier: notifier) }
    var listingSearch: ListingSearch {
        ListingSearch(sql: database.sql, now: now, newestListing: newestListing, spanishListings: spanishListings)
    }
    var listingPresenter: ListingPresenter { ListingPresenter(database: database, trust: trust, now: now) }
    var photoStore: PhotoStore { PhotoStore(storage: photoStorage) }
    var listingPhotos: ListingPhotoService {
        ListingPhotoService(database: database, writes: writes, listings: listings, store: photoStore, now: now)
    }
    var photoSweep: PhotoSweep { PhotoSweep(database: database, storage: photoStorage, grace: settings.photoSweepGrace, now: now) }
    var features: FeatureService { FeatureService(database: database, writes: writes, settings: settings, listings: listings, now: now) }

    // MARK: Orders
    var writes: WriteTransactions { WriteTransactions(database: database, groupCommit: groupCommit, committed: eventHub) }
    var idempotentRequests: IdempotentRequests { IdempotentRequests(database: database, writes: writes, now: now) }
    var notifier: Notifier { Notifier(senders: notificationSenders, now: now, trust: trust) }
    var orderRecorder: OrderRecorder { OrderRecorder(notifier: notifier, now: now) }
    var pendingOffers: PendingTradeOffers { PendingTradeOffers(notifier: notifier, now: now) }
    var purchases: PurchaseService {
        PurchaseService(database: database, writes: writes, trust: trust, recorder: orderRecorder, pendingOffers: pendingOffers,
                        alerts: favoriteAlerts, now: now)
    }
    var rentals: RentalService { RentalService(database: database, writes: writes, trust: trust, settings: settings, recorder: orderRecorder, now: now) }
    var orderLifecycle: OrderLifecycle { OrderLifecycle(database: database, writes: writes, recorder: orderRecorder, now: now) }
    var orderSteps: OrderSteps { OrderSteps(lifecycle: orderLifecycle, conversations: conversations) }
    var lateRentals: LateRentals { LateRentals(database: database, writes: writes, recorder: orderRecorder, now: now) }
    var meetups: MeetupService { MeetupService(database: database, writes: writes, recorder: orderRecorder, settings: settings, now: now) }
    var tradeOffers: TradeOfferService {
        TradeOfferService(database: database, writes: writes, trust: trust, recorder: orderRecorder, pendingOffers: pendingOffers, now: now)
    }
    var orderQueries: OrderQueries { OrderQueries(database: database) }
    var orderPresenter: OrderPresenter { OrderPresenter(database: database) }
    var tradeOfferPresenter: TradeOfferPresenter { TradeOfferPresenter(database: database) }
    var deliveryQuotes: DeliveryQuoteService {
        DeliveryQuoteService(database: database, provider: deliveryQuoteProvider,
                             lifetime: settings.delivery.quoteLifetime, now: now)
    }
    var notifications: NotificationService { NotificationService(database: database, now: now) }
    var notificationPreferences: NotificationPreferences { NotificationPreferences(database: database, now: now) }
    var pushDevices: PushDevices { PushDevices(database: database, now: now) }
    var unsubscribeLinks: UnsubscribeLinks { UnsubscribeLinks(database: database) }

    // MARK: Messages
    var eventLog: EventLog { EventLog(channel: settings.eventChannel) }
    var conversations: ConversationService {
        ConversationService(database: database, writes: writes, trust: trust, events: eventLog, notifier: notifier,
                            throttle: MessageThrottle(policy: settings.messageThrottle, now: now), now: now)
    }
    var blocks: Blocks { Blocks(database: database, writes: writes, now: now) }

    // MARK: Money
    var ledger: LedgerService { LedgerService(database: database) }
    var expenses: ExpenseService { ExpenseService(database: database, settings: settings, now: now) }
}

extension Request {
    private struct DomainKey: StorageKey { typealias Value = DomainServices }

    /// The services bound to this request's database and clock, built once per request (a page
    /// asks for them a dozen times, and each build reads a dozen values from the application's
    /// storage): the request has one "now", from its first ask.
    var domain: DomainServices {
        if let built = storage[DomainKey.self] { return built }
        let search = application.databases.configuration(for: .psqlSearch) == nil ? nil : db(.psqlSearch)
        let built = application.domainServices(on: db, now: now, searchDatabase: search)
        storage[DomainKey.self] = built
        return built
    }
}

extension Application {
    /// The services on `db` (the application's default database unless given), as a command
    /// or a background job sees them; searches on `searchDatabase` when given (a request's,
    /// `DatabaseSetup.searchReads`).
    func domainServices(on db: (any Database)? = nil, now: Date? = nil, searchDatabase: (any Database)? = nil) -> DomainServices {
        DomainServices(database: db ?? self.db, settings: settings, passwords: password.async,
                       decoyPasswordHash: decoyPasswordHash,
                       notificationSenders: notificationSenders,
                       deliveryQuoteProvider: deliveryQuoteProvider,
                       mailDelivery: mailDelivery,
                       groupCommit: sqliteGroupCommit, eventHub: eventHub, photoStorage: photoStorage,
                       savedSearchMatcher: savedSearchMatcher, readers: sqliteReaders,
                       searchDatabase: searchDatabase, newestListing: newestListingNumber, spanishListings: spanishListings,
                       now: now ?? clock.now())
    }
}
