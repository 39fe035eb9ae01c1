import Fluent
import Foundation
import JWT
import Vapor

/// Builds the application: settings, database, migrations, middleware, routes.
/// The executable and the tests both call this, so tests run the real server.
public func configure(_ app: Application, settings: AppSettings) async throws {
    app.settings = settings
    ResponseCompression.configure(app)
    _ = MetricsRegistry.shared  // bootstrap swift-metrics before Vapor records any request

    do {
        try FileManager.default.createDirectory(atPath: settings.dataDirectory, withIntermediateDirectories: true)
    } catch {
        throw ConfigurationError("cannot create the data directory '\(settings.dataDirectory)' (DATA_DIR). Choose a directory this user can write to.")
    }
    try await DatabaseSetup.configure(app, for: settings.database)
    // Checked by `serve` and the commands (`checkPhotoStore`), not here: `doctor` reports it.
    app.photoStorage = try await app.makePhotoStorage(checked: false)
    if case .sqlite(let path) = settings.database {
        let checkpoints = settings.sqliteCheckpointInterval > 0
        let writer = SQLiteWriter(path: path, context: app.db.context, checkpointsInCommits: !checkpoints)
        app.lifecycle.use(writer)
        app.sqliteGroupCommit = GroupCommit(writer: writer, rehearse: settings.rehearseWrites)
        let readers = SQLiteReaders(path: path)
        app.lifecycle.use(readers)
        app.sqliteReaders = readers
    } else {
        app.newestListingNumber = NewestListingNumber()
    }
    app.spanishListings = SpanishListings()
    app.contentVersions = KeptValue()

    // Migrations, in order. Never edit a shipped one: add a new one after it.
    app.migrations.add(CreateUser())          // accounts
    app.migrations.add(CreateUserToken())     // bearer tokens (hashed)
    app.migrations.add(CreateLoginFailure())  // login throttling state
    app.migrations.add(UpdateUserAddCampus()) // users.campus, defaulting to the email's domain
    app.migrations.add(CreateListing())       // listings + full-text index (FTS5 / tsvector)
    app.migrations.add(CreateListingPhoto())  // photos of listings (files in DATA_DIR/photos)
    app.migrations.add(CreateFee())           // marketplace fees and refunds
    app.migrations.add(CreateListingFeature())// paid featured periods
    app.migrations.add(CreateDeliveryQuote()) // delivery quotes a purchase may cite
    app.migrations.add(CreateTradeOffer())    // trade offers and their offered listings
    app.migrations.add(CreateOrder())         // orders + history; one live sale, no overlapping rentals
    app.migrations.add(CreateNotification())  // in-app notifications
    app.migrations.add(CreateLedgerEntry())   // personal ledger (orders, fees, expenses), fees copied in
    app.migrations.add(UpdateSearchIndexAddPrefixes()) // FTS5 prefix indexes: the last word typed matches as a prefix
    app.migrations.add(CreateAPIKey())        // keys of apps on a fixed contract (Text Trader's x-api-key)
    app.migrations.add(CreateMailOutbox())    // mail queued in the transaction that decides to send it
    app.migrations.add(CreatePasswordReset()) // single-use password reset tokens (hashed)
    app.migrations.add(CreateAppleSignIn())   // users.apple_subject, and single-use Apple nonces
    app.migrations.add(CreatePasskey())       // passkeys and their single-use challenges
    app.migrations.add(UpdateAppleNonceAddUser()) // apple_nonces.user_id: whose web "link Apple" flow a nonce is
    app.migrations.add(CreateConversation())  // conversations about listings, messages, blocks
    app.migrations.add(CreateLiveEvent())     // events for live streams, kept for Last-Event-ID replay
    app.migrations.add(CreateCategoryIndexes()) // per-category feed indexes (partial), by age and by price
    app.migrations.add(UpdateSearchIndexAddFacets()) // categories, condition, offers and price band as words in the full-text index
    app.migrations.add(UpdateSearchIndexAddPrimaryVector()) // PostgreSQL: title, author, ISBN and course words with the facets, indexed apart
    app.migrations.add(CreateWriteLock())     // SQLite: a table written to first to take the write lock (GroupCommit, until SQLiteWriter)
    app.migrations.add(DropWriteLock())       // SQLite: that table removed (SQLiteWriter begins IMMEDIATE)
    app.migrations.add(CreateListingTerms())  // PostgreSQL: each listing's words by price, for price sorts of a word
    app.migrations.add(CreatePricedSearchIndex()) // SQLite: the text index again, row ids in price order, for price sorts of a word
    app.migrations.add(UpdateListingTermsAddAge()) // PostgreSQL: each listing's words newest first too, for other sorts of a word
    app.migrations.add(CreateTrustAndSafety()) // verified campuses, reports, the audit log, reviews
    app.migrations.add(CreateMeetupsAndReturns()) // meetups of pickup orders; late rentals
    app.migrations.add(CreateFavorites())     // saved listings
    app.migrations.add(CreateCourseIndex())   // listings by course code: course pages, the course finder
    app.migrations.add(CreateSavedSearches()) // saved searches, their words as an index, who was told of what
    app.migrations.add(CreateNotificationDelivery()) // channels per topic, phones, push and notification-mail queues, unsubscribe key
    app.migrations.add(CreateContentVersions()) // a number every write to what pages show raises: ETags answered without reading the page
    app.migrations.add(UpdateSearchIndexWiderPrefixes()) // SQLite: prefix indexes of 4 and 5 characters, for typed words' stems
    app.migrations.add(UpdateSearchIndexLongerPrefixes()) // SQLite: prefix indexes of 6 to 8 characters, for words typed whole that stay prefixes
    app.migrations.add(UpdateSavedSearchTermsToStems()) // saved searches indexed by their words' stems, as alerts match by the search's rule
    app.migrations.add(CreateCategoryWalkIndexes()) // PostgreSQL: each category's active listings by seq, for a search's walk window in one category
    app.migrations.add(UpdateCampusEmailsToMailboxes()) // verified campus addresses as their mailbox: one mailbox, one verified account
    app.migrations.add(CreatePhotoUploads())  // who stored which photo when: an account's upload rate and unsaved photos limited
    app.migrations.add(UpdateUserAddPrivacy()) // privacy settings: who sees the contact, listed outside the campus, the name others read
    app.migrations.add(CreatePendingSignUps()) // sign-ups waiting for their mailed link: no answer tells whether an address has an account
    app.migrations.add(CreatePhotoFiles())    // each stored photo's size, colour and the smaller copies made of it
    app.migrations.add(CreateIdempotentRequests()) // writes sent with an Idempotency-Key: applied once, their answer kept a day for a repeat
    app.migrations.add(UpdateListingAddVersion()) // each listing's edit version: an edit from a stale copy is refused 412 (If-Match)
    app.migrations.add(CreateRemovals())      // what left an account's lists (a listing deleted, unsaved), for GET /me/changes
    app.migrations.add(UpdateSavedSearchQueueAddToken()) // a listing queued again while a round matches it is matched again
    app.migrations.add(UpdateUserAddLanguage())  // the language a student chose, for their pages, mails and pushes
    app.migrations.add(UpdateNotificationAddPhrase()) // a notification's words as a phrase, shown in each reader's language
    app.migrations.add(UpdateSearchIndexAddSpanish()) // each listing's language; Spanish listings searched by their stems too; accents folded
    app.migrations.add(CreateCategorySearchIndex()) // SQLite: the text index again, each category's listings a range of row ids, for a word in one category
    app.migrations.add(UpdateListingTermsAddCategories()) // PostgreSQL: a word's listings in one category, newest first, from an index of their own
    app.migrations.add(UpdateListingTermsVacuumSooner()) // PostgreSQL: a word's new entries vacuumed soon, so walks read them from the index alone

    app.jwt.apple.jwksEndpoint = URI(string: settings.appleJWKSURL)
    app.passwords.use(.bcrypt(cost: settings.bcryptCost))
    app.decoyPasswordHash = try Bcrypt.hash("no account has this password", cost: settings.bcryptCost)

    ContentConfiguration.global.use(encoder: JSONEncoder.api, for: .json)
    ContentConfiguration.global.use(decoder: JSONDecoder.api, for: .json)
    app.routes.defaultMaxBodySize = settings.maxBodySize
    // A connection that has read nothing and had no write taken for five heartbeats is closed:
    // an idle keep-alive connection, or an event stream whose client stopped reading (a phone in
    // a tunnel), whose stalled write would otherwise hold the connection, its task and what it
    // buffered until TCP gives up. A live stream writes every heartbeat. 75 s by default, longer
    // than nginx keeps an idle upstream connection (deploy/nginx.conf, 60 s).
    app.http.server.configuration.idleTimeout = .milliseconds(Int64(settings.eventHeartbeatInterval * 5_000))

    app.use(try WebFiles.locate(theme: settings.themeDirectory))
    try app.usePageTemplates()

    // Replace Vapor's defaults: our error middleware speaks the JSON error model, and the
    // request log carries the request id.
    app.middleware = Middlewares()
    app.middleware.use(app.inFlightRequests)       // first: counts every request until its handler ends (`stopServing`)
    app.middleware.use(SecurityHeadersMiddleware(publicURL: settings.publicURL))
    app.middleware.use(ResponseCompression.VaryMiddleware())
    app.middleware.use(RequestLogMiddleware())
    if let endpoint = settings.tracingEndpoint {  // a span per request, its request id on it (RequestLogMiddleware)
        let exporter = OTLPExporter(endpoint: endpoint, serviceName: settings.tracingServiceName, http: app.http.client.shared, logger: app.logger)
        app.lifecycle.use(exporter)
        OTLPTracer.start(exporter)
        app.traceAutoPropagation = true  // handlers run in their request's span, so statements nest in it
        // The query string may hold a token (a reset link's): it stays out of spans, as out of logs.
        app.middleware.use(TracingMiddleware { attributes, _ in attributes["url.query"] = nil })
    }
    app.middleware.use(ContentLanguageMiddleware()) // outside the errors, so an error's answer says its language too
    app.middleware.use(APIErrorMiddleware())
    app.middleware.use(WebSessionAuthenticator())  // before errors render, so error pages know the viewer
    app.assetVersions = AssetVersions(publicDirectory: app.directory.publicDirectory)
    app.middleware.use(PublicFilesMiddleware(publicDirectory: app.directory.publicDirectory, versions: app.assetVersions))

    app.asyncCommands.use(SeedCommand(), as: "seed")
    app.asyncCommands.use(CreateAPIKeyCommand(), as: "create-api-key")
    app.asyncCommands.use(ListAPIKeysCommand(), as: "list-api-keys")
    app.asyncCommands.use(RevokeAPIKeyCommand(), as: "revoke-api-key")
    app.asyncCommands.use(UsersCommand(), as: "users")
    app.asyncCommands.use(DoctorCommand(), as: "doctor")
    app.asyncCommands.use(PhotosCommand(), as: "photos")
    app.asyncCommands.use(BackupCommand(), as: "backup")
    app.asyncCommands.use(RestoreCommand(), as: "restore")
    app.eventHub = try DatabaseSetup.eventHub(for: settings)
    app.lifecycle.use(app.eventHub)
    app.lifecycle.use(EventHeartbeats(interval: settings.eventHeartbeatInterval, subscribers: app.eventHub.subscribers))
    try BackgroundJobs.register(on: app, settings: settings)
    // Last added, so first to stop: requests under way end before the loops and databases stop.
    app.lifecycle.use(app.inFlightRequests)
    // The default senders and delivery provider made once, now that what they use is set: each
    // request's services read them, and building them anew copied the settings four times a
    // request (0.5% of the feed's CPU, 0.1% after, by perf). A test that plugs its own in still
    // replaces them.
    app.notificationSenders = app.notificationSenders
    app.deliveryQuoteProvider = app.deliveryQuoteProvider

    try routes(app)
    // Needs the full route table, so it is added last (it runs innermost).
    app.middleware.use(MethodNotAllowedMiddleware(routes: app.routes))
}

extension JSONEncoder {
    /// UTC ISO 8601 dates on the wire. (Keys are not sorted: sorting costs every response.)
    static var api: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = ISO8601Wire.decoding
        return decoder
    }
}
