import Foundation
import MarketCore
import Vapor

/// Operator-facing configuration, read once from the environment at start-up.
/// Every variable is listed in docs/operations.md's configuration table.
public struct AppSettings: Sendable {
    public enum DatabaseChoice: Sendable {
        case sqlite(path: String)  // the embedded default: one SQLite file
        /// Scale-out: a PostgreSQL URL, optionally confined to one schema (`DATABASE_SCHEMA`).
        case postgres(url: String, schema: String?)
    }

    /// Everything local (the SQLite file, photos unless `PHOTO_STORE` names a bucket) lives here.
    public var dataDirectory: String
    /// `THEME_DIR`: templates (`Views/`), and maybe `Public/`, instead of those that ship.
    public var themeDirectory: String?
    public var appleAppID: String?  // `APPLE_APP_ID`: the iOS app that opens this site's links
    public var tracingEndpoint: String?  // `OTEL_EXPORTER_OTLP_ENDPOINT`: the collector; nil: no tracing
    public var tracingServiceName = "campusmarket"
    /// `PHOTO_STORE`: where photo bytes are kept.
    public var photoStore: PhotoStoreChoice = .local
    /// `PHOTO_SWEEP_SECONDS`: how often stored photos no listing uses are looked for.
    public var photoSweepInterval: TimeInterval = 3_600
    /// `SQLITE_CHECKPOINT_SECONDS` (`SQLiteCheckpointer`); 0 leaves it to SQLite, inside commits.
    public var sqliteCheckpointInterval: TimeInterval = 1
    /// Tests only (no variable): on SQLite each write body runs twice (`GroupCommit`).
    public var rehearseWrites = false
    /// The age at which the sweep deletes a stored photo no listing uses: long enough to finish
    /// the editor's form, short enough that staged photos are not free storage.
    public var photoSweepGrace: TimeInterval = 2 * 3_600
    public var notify = NotifySettings()  // mail about notifications, and pushes to phones
    public var database: DatabaseChoice
    /// Migrate on `serve`; turn off when several instances share one PostgreSQL and
    /// `campusmarket migrate` is run once by the deploy.
    public var autoMigrate: Bool
    public var tokenLifetime: TimeInterval
    public var bcryptCost: Int
    public var maxBodySize: ByteCount
    /// Take the client address from `X-Forwarded-For` (only behind a proxy you run).
    public var trustForwardedFor: Bool
    public var loginThrottle: LoginThrottlePolicy
    /// Currency of listings that name none, and of fees.
    public var defaultCurrency: String = "USD"
    /// What featuring a listing costs, and for how long it runs.
    public var featurePriceCents: Int = 500
    public var featureDuration: TimeInterval = 7 * 86_400
    /// How often ended features are swept off their listings (a `Job`).
    public var featureSweepInterval: TimeInterval = 60
    /// How often rentals past their end are checked for a return (`LATE_SWEEP_SECONDS`): a late
    /// one is flagged within this of its end.
    public var lateRentalSweepInterval: TimeInterval = 30
    /// The longest rental one order may book.
    public var maxRentalDuration: TimeInterval = 30 * 86_400
    /// Zones and prices of the default delivery quote provider.
    var delivery = DeliverySettings()
    /// The relay mail goes through; nil writes mail to the log instead (development).
    var smtpRelay: SMTPRelay?
    /// The sender of every mail.
    public var mailFrom = "CampusMarket <no-reply@campusmarket.local>"
    /// How often the outbox retries mail that failed and picks up mail other instances queued.
    public var mailRetryInterval: TimeInterval = 30
    /// Where people reach this server: the start of every link in a mail.
    public var publicURL = "http://localhost:8080"
    /// The audiences Apple identity tokens may name: the iOS app's bundle id and the web
    /// services id. Empty turns Sign in with Apple off (its routes answer 404).
    public var appleAudiences: [String] = []
    /// `APPLE_WEB_SERVICES_ID`: the Services ID the web app signs in with (Apple's `client_id`);
    /// nil shows no Apple button on the web. It is one of `appleAudiences`.
    public var appleWebServicesID: String?
    /// Apple's key set; tests serve their own.
    public var appleJWKSURL = "https://appleid.apple.com/auth/keys"
    /// How long a password reset link works.
    public var passwordResetLifetime: TimeInterval = 30 * 60
    /// `WEBAUTHN_RP_ID`: the domain passkeys are made for; nil means `PUBLIC_URL`'s host.
    public var passkeyRelyingPartyIDOverride: String?
    /// Messages and new conversations one account may send (`MESSAGES_PER_MINUTE`,
    /// `CONVERSATIONS_PER_HOUR`).
    public var messageThrottle = MessageThrottlePolicy()
    /// How long events are kept for streams that resume with `Last-Event-ID` (`EVENT_RETENTION_HOURS`).
    public var eventRetention: TimeInterval = 24 * 3_600
    /// How often an idle event stream sends a comment line (`EVENT_HEARTBEAT_SECONDS`).
    public var eventHeartbeatInterval: TimeInterval = 15
    /// `WEBAUTHN_ORIGINS`: the origins the ceremonies may run from; empty means `PUBLIC_URL`'s.
    public var passkeyOriginsOverride: [String] = []
    /// `CAMPUSES` / `CAMPUSES_FILE`: the campuses, their email domains and time zones.
    var campuses = CampusDirectory()
    /// `REQUIRE_VERIFIED`: listing, buying, renting, offering and messaging need a verified
    /// campus address. nil: on exactly when campuses are configured.
    var requireVerifiedOverride: Bool?
    /// `REPORTS_TO_HIDE`: distinct verified reporters that take a listing off the market until a
    /// moderator decides.
    public var reportsToHide = 3
    /// `REPORTER_MIN_AGE_MINUTES`: how old an account must be for its reports to count toward
    /// hiding a listing (younger ones still reach the moderators): accounts made for the purpose
    /// cannot take a listing off the market.
    public var reporterMinimumAge: TimeInterval = 3_600
    /// `REGISTRATIONS_PER_ADDRESS`: sign-ups from one client address per 15 minutes. A campus's
    /// network may put a dorm behind one address: raise it there (with `TRUST_FORWARDED_FOR`
    /// behind a proxy, the address is the student's, not the proxy's).
    public var registrationsPerAddress = 20
    /// `MEETUP_SPOTS_FILE`: safe places to hand things over, offered to pickup orders.
    public var meetupSpots: [MeetupSpot] = []
    /// How long an email verification link works.
    public var verificationLinkLifetime: TimeInterval = 24 * 3_600
    /// `SIGNUP_BY_MAIL`: a sign-up is finished by a mailed link (`SignUpLinks`), so the form
    /// tells nobody whether an address has an account. On by default when `SMTP_URL` is set.
    public var signUpByMail = false

    var requireVerified: Bool { requireVerifiedOverride ?? campuses.isConfigured }

    /// The PostgreSQL channel events are announced on: one per schema, so instances (and tests)
    /// sharing a server but not a schema never hear each other.
    var eventChannel: String {
        guard case .postgres(_, let schema?) = database else { return "campusmarket_events" }
        return "campusmarket_events_\(schema)"
    }

    /// The domain passkeys are made for (`localhost` by default).
    var passkeyRelyingPartyID: String {
        passkeyRelyingPartyIDOverride ?? URLComponents(string: publicURL)?.host ?? "localhost"
    }

    /// The page origins a passkey ceremony is accepted from (`http://localhost:8080` by default).
    var passkeyOrigins: [String] {
        passkeyOriginsOverride.isEmpty ? [Self.origin(of: publicURL) ?? publicURL] : passkeyOriginsOverride
    }

    /// `scheme://host[:port]` of a URL: what a browser reports as a page's origin.
    static func origin(of url: String) -> String? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme, let host = parts.host, !host.isEmpty else { return nil }
        return "\(scheme)://\(host)" + (parts.port.map { ":\($0)" } ?? "")
    }

    public init(
        dataDirectory: String,
        database: DatabaseChoice,
        autoMigrate: Bool = true,
        tokenLifetime: TimeInterval = 30 * 24 * 3600,
        bcryptCost: Int = 12,
        maxBodySize: ByteCount = "1mb",
        trustForwardedFor: Bool = false,
        loginThrottle: LoginThrottlePolicy = .init()
    ) {
        self.dataDirectory = dataDirectory
        self.database = database
        self.autoMigrate = autoMigrate
        self.tokenLifetime = tokenLifetime
        self.bcryptCost = bcryptCost
        self.maxBodySize = maxBodySize
        self.trustForwardedFor = trustForwardedFor
        self.loginThrottle = loginThrottle
    }

    /// Reads `DATA_DIR`, `DATABASE_URL`, `AUTO_MIGRATE`, `TOKEN_TTL_DAYS`, `BCRYPT_COST`,
    /// `MAX_BODY_SIZE`, `TRUST_FORWARDED_FOR`, `DEFAULT_CURRENCY`, `FEATURE_PRICE_CENTS`, `FEATURE_DAYS`,
    /// `RENTAL_MAX_DAYS`, `FEATURE_SWEEP_SECONDS`, `DELIVERY_ZONES`, `DELIVERY_BASE_CENTS`, `DELIVERY_PER_KM_CENTS`, `DELIVERY_QUOTE_MINUTES`,
    /// `SMTP_URL`, `SMTP_CA_FILE`, `MAIL_FROM`, `PUBLIC_URL`, `APPLE_AUDIENCES`, `APPLE_WEB_SERVICES_ID`, `APPLE_JWKS_URL`, `WEBAUTHN_RP_ID`, `WEBAUTHN_ORIGINS`,
    /// and `DATABASE_SCHEMA` (a PostgreSQL schema to use instead of `public`).
    public static func fromEnvironment() throws -> AppSettings {
        let dataDirectory = Environment.get("DATA_DIR").flatMap { $0.isEmpty ? nil : $0 } ?? "./data"
        let database: DatabaseChoice
        if let url = Environment.get("DATABASE_URL"), !url.isEmpty {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw ConfigurationError("DATABASE_URL must be a postgres:// URL; leave it unset for the embedded SQLite database")
            }
            let schema = Environment.get("DATABASE_SCHEMA").flatMap { $0.isEmpty ? nil : $0 }
            if let schema, !schema.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                throw ConfigurationError("DATABASE_SCHEMA must be letters, digits and underscores, not '\(schema)'")
            }
            database = .postgres(url: url, schema: schema)
        } else {
            database = .sqlite(path: dataDirectory + "/campusmarket.sqlite")
        }
        var settings = AppSettings(dataDirectory: dataDirectory, database: database)
        try settings.readStorage()
        settings.autoMigrate = try flag("AUTO_MIGRATE") ?? true
        settings.trustForwardedFor = try flag("TRUST_FORWARDED_FOR") ?? false
        if let days = try integer("TOKEN_TTL_DAYS", in: 1...365) { settings.tokenLifetime = TimeInterval(days) * 86_400 }
        if let cost = try integer("BCRYPT_COST", in: 4...31) { settings.bcryptCost = cost }
        if let size = Environment.get("MAX_BODY_SIZE"), !size.isEmpty { settings.maxBodySize = ByteCount(stringLiteral: size) }
        if let currency = Environment.get("DEFAULT_CURRENCY"), !currency.isEmpty {
            guard Money.isCurrencyCode(currency) else { throw ConfigurationError("DEFAULT_CURRENCY must be an ISO 4217 code such as USD, not '\(currency)'") }
            settings.defaultCurrency = currency
        }
        if let cents = try integer("FEATURE_PRICE_CENTS", in: 1...Money.maxMinorUnits) { settings.featurePriceCents = cents }
        if let days = try integer("FEATURE_DAYS", in: 1...365) { settings.featureDuration = TimeInterval(days) * 86_400 }
        if let days = try integer("RENTAL_MAX_DAYS", in: 1...365) { settings.maxRentalDuration = TimeInterval(days) * 86_400 }
        if let seconds = try integer("FEATURE_SWEEP_SECONDS", in: 1...86_400) { settings.featureSweepInterval = TimeInterval(seconds) }
        if let seconds = try integer("LATE_SWEEP_SECONDS", in: 1...60) { settings.lateRentalSweepInterval = TimeInterval(seconds) }
        if let count = try integer("MESSAGES_PER_MINUTE", in: 1...10_000) { settings.messageThrottle.messagesPerMinute = count }
        if let count = try integer("CONVERSATIONS_PER_HOUR", in: 1...10_000) { settings.messageThrottle.conversationsPerHour = count }
        if let hours = try integer("EVENT_RETENTION_HOURS", in: 1...720) { settings.eventRetention = TimeInterval(hours) * 3_600 }
        if let seconds = try integer("EVENT_HEARTBEAT_SECONDS", in: 1...300) { settings.eventHeartbeatInterval = TimeInterval(seconds) }
        if let zones = Environment.get("DELIVERY_ZONES"), !zones.isEmpty { settings.delivery.zones = try DeliveryZone.parseList(zones) }
        if let cents = try integer("DELIVERY_BASE_CENTS", in: 0...Money.maxMinorUnits) { settings.delivery.baseFeeCents = cents }
        if let cents = try integer("DELIVERY_PER_KM_CENTS", in: 0...Money.maxMinorUnits) { settings.delivery.perKilometreCents = cents }
        if let minutes = try integer("DELIVERY_QUOTE_MINUTES", in: 1...1_440) { settings.delivery.quoteLifetime = TimeInterval(minutes) * 60 }
        if let audiences = Environment.get("APPLE_AUDIENCES"), !audiences.isEmpty {
            settings.appleAudiences = audiences.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if let servicesID = Environment.get("APPLE_WEB_SERVICES_ID"), !servicesID.isEmpty {
            guard servicesID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else {
                throw ConfigurationError("APPLE_WEB_SERVICES_ID must be a Services ID like edu.campus.market.web, not '\(servicesID)'")
            }
            settings.appleWebServicesID = servicesID
            if !settings.appleAudiences.contains(servicesID) { settings.appleAudiences.append(servicesID) }
        }
        if let url = Environment.get("APPLE_JWKS_URL"), !url.isEmpty {
            guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme ?? ""), components.host != nil else {
                throw ConfigurationError("APPLE_JWKS_URL must be an http(s) URL of a JSON Web Key Set, not '\(url)'")
            }
            settings.appleJWKSURL = url
        }
        if let url = Environment.get("SMTP_URL"), !url.isEmpty { settings.smtpRelay = try SMTPRelay(url: url) }
        if let file = Environment.get("SMTP_CA_FILE"), !file.isEmpty {
            guard settings.smtpRelay != nil else { throw ConfigurationError("SMTP_CA_FILE is set but SMTP_URL is not: set both, or neither") }
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw ConfigurationError("SMTP_CA_FILE must be a readable PEM file of certificates, not '\(file)'")
            }
            settings.smtpRelay?.trustedCertificatesFile = file
        }
        if let from = Environment.get("MAIL_FROM"), !from.isEmpty {
            guard !from.contains("\r"), !from.contains("\n"),
                  AccountRules.emailProblem(SMTPMailSender.address(in: from).lowercased()) == nil else {
                throw ConfigurationError("MAIL_FROM must be an address like 'CampusMarket <market@campus.edu>', not '\(from)'")
            }
            settings.mailFrom = from
        }
        if let url = Environment.get("PUBLIC_URL"), !url.isEmpty {
            guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme ?? ""), components.host != nil,
                  components.query == nil else {
                throw ConfigurationError("PUBLIC_URL must be the address people open, like https://market.campus.edu, not '\(url)'")
            }
            settings.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        if let id = Environment.get("WEBAUTHN_RP_ID"), !id.isEmpty {
            guard !id.contains("/"), !id.contains(":"), URLComponents(string: "https://\(id)")?.host == id else {
                throw ConfigurationError("WEBAUTHN_RP_ID must be a domain like market.campus.edu, not '\(id)'")
            }
            settings.passkeyRelyingPartyIDOverride = id.lowercased()
        }
        if let list = Environment.get("WEBAUTHN_ORIGINS"), !list.isEmpty {
            let origins = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for origin in origins where origin != AppSettings.origin(of: origin) || !(origin.hasPrefix("https://") || origin.hasPrefix("http://")) {
                throw ConfigurationError("WEBAUTHN_ORIGINS must list origins like https://market.campus.edu (no path), not '\(origin)'")
            }
            settings.passkeyOriginsOverride = origins
        }
        if let file = Environment.get("CAMPUSES_FILE"), !file.isEmpty {
            guard Environment.get("CAMPUSES")?.isEmpty ?? true else { throw ConfigurationError("set CAMPUSES or CAMPUSES_FILE, not both") }
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ConfigurationError("CAMPUSES_FILE must name a readable text file of campuses, not '\(file)'")
            }
            settings.campuses = try CampusDirectory.parse(text, setting: "CAMPUSES_FILE")
        } else if let list = Environment.get("CAMPUSES"), !list.isEmpty {
            settings.campuses = try CampusDirectory.parse(list, setting: "CAMPUSES")
        }
        if let name = Environment.get("TIME_ZONE"), !name.isEmpty {
            guard let zone = TimeZone(identifier: name) else {
                throw ConfigurationError("TIME_ZONE must be a time zone such as America/Chicago, not '\(name)'")
            }
            settings.campuses.defaultTimeZone = zone
        }
        if let file = Environment.get("MEETUP_SPOTS_FILE"), !file.isEmpty {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ConfigurationError("MEETUP_SPOTS_FILE must name a readable JSON file of meetup spots, not '\(file)'")
            }
            settings.meetupSpots = try MeetupSpotFile.parse(data, campuses: settings.campuses, file: file)
        }
        settings.signUpByMail = try flag("SIGNUP_BY_MAIL") ?? (settings.smtpRelay != nil)
        if settings.signUpByMail, settings.smtpRelay == nil { throw ConfigurationError("SIGNUP_BY_MAIL is on but SMTP_URL is not set: no link could reach anyone") }
        settings.requireVerifiedOverride = try flag("REQUIRE_VERIFIED")
        if settings.requireVerifiedOverride == true, !settings.campuses.isConfigured {
            throw ConfigurationError("REQUIRE_VERIFIED is on but no campus is configured: set CAMPUSES so students have an address to verify")
        }
        if let count = try integer("REPORTS_TO_HIDE", in: 1...1_000) { settings.reportsToHide = count }
        if let count = try integer("REGISTRATIONS_PER_ADDRESS", in: 1...100_000) { settings.registrationsPerAddress = count }
        if let minutes = try integer("REPORTER_MIN_AGE_MINUTES", in: 0...10_080) { settings.reporterMinimumAge = TimeInterval(minutes * 60) }
        return settings
    }

    private static func flag(_ name: String) throws -> Bool? {
        guard let raw = Environment.get(name)?.lowercased(), !raw.isEmpty else { return nil }
        switch raw {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigurationError("\(name) must be true or false, not '\(raw)'")
        }
    }

    static func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let raw = Environment.get(name), !raw.isEmpty else { return nil }
        guard let value = Int(raw), range.contains(value) else {
            throw ConfigurationError("\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), not '\(raw)'")
        }
        return value
    }
}
