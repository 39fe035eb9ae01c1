import Fluent
import Foundation
import MarketServer
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// A clock tests can move forward, so expiry and throttling windows are checked without sleeping.
public final class TestClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    /// Starts at a fixed mid-morning UTC time by default, so "same day" rules are deterministic.
    public init(start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {  // 2026-11-18T09:46:40Z
        current = NIOLockedValueBox(start)
    }

    public var now: Date { current.withLockedValue { $0 } }
    public func advance(by seconds: TimeInterval) { current.withLockedValue { $0 += seconds } }
    public var wallClock: WallClock { WallClock(now: { [self] in now }) }
}

/// Where a test's data lives: a fresh SQLite file, or — when `DATABASE_URL` names a
/// PostgreSQL server, as in CI — a fresh schema in it (`make`) or a database of its own
/// (`migrated`). Dropped when the test ends.
public struct TestDatabase: Sendable {
    public let directory: String
    public let settings: AppSettings
    /// The PostgreSQL database this test was given whole (a copy of `MigratedTemplate`), dropped after.
    private var copied: (name: String, admin: PostgresAdmin)?

    public init(directory: String, settings: AppSettings) {
        self.directory = directory
        self.settings = settings
    }

    /// A database with every migration run: a copy of the process's `MigratedTemplate` (a file on
    /// SQLite; on PostgreSQL a database of its own, in which the application uses `public` as a
    /// deployment does).
    public static func migrated() async throws -> TestDatabase {
        var database = make()
        switch try await MigratedTemplate.copy {
        case .sqlite(let file):
            guard case .sqlite(let path) = database.settings.database else { preconditionFailure("SQLite expected") }
            try FileManager.default.createDirectory(atPath: database.directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: file, toPath: path)
        case .postgres(let template, let admin):
            let name = PostgresAdmin.newName(prefix: "test")
            try await admin.create(name, template: template)
            var settings = database.settings
            settings.database = .postgres(url: try admin.url(of: name), schema: nil)
            database = TestDatabase(directory: database.directory, settings: settings)
            database.copied = (name, admin)
        }
        return database
    }

    public static var isPostgres: Bool { ProcessInfo.processInfo.environment["DATABASE_URL"].map { !$0.isEmpty } ?? false }

    public static func make() -> TestDatabase {
        let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-test-\(id)").path
        let database: AppSettings.DatabaseChoice
        if isPostgres, let url = ProcessInfo.processInfo.environment["DATABASE_URL"] {
            database = .postgres(url: url, schema: "test_\(id)")
        } else {
            database = .sqlite(path: directory + "/campusmarket.sqlite")
        }
        // bcrypt cost 4 keeps the suite fast; production uses 12 (BCRYPT_COST).
        var settings = AppSettings(dataDirectory: directory, database: database, bcryptCost: 4)
        // Tests report from accounts made a moment ago; ReportTests sets the hour back.
        settings.reporterMinimumAge = 0
        // Tests sign many people up from one address; RegistrationTests sets the limit back.
        settings.registrationsPerAddress = 100_000
        // Every SQLite write body runs twice, as after a failure in its batch: a body that is
        // not safe to run again fails the test that wrote through it, every time.
        settings.rehearseWrites = true
        return TestDatabase(directory: directory, settings: settings)
    }

    private func drop(using app: Application) async throws {
        if case .postgres(_, let schema?) = settings.database {
            try await app.db.sql.raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run()
        }
    }

    /// Drops the schema once the applications that used it have stopped, through one that is
    /// never booted: a running application's background rounds (mail, feature expiry) would
    /// otherwise meet a schema gone from under them and log failures.
    public func drop() async throws {
        if let copied {
            try await copied.admin.drop(copied.name)
            return
        }
        guard case .postgres = settings.database else { return }
        try await withApp(settings: settings, clock: nil, migrate: false) { app in try await drop(using: app) }
    }

    public func removeFiles() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Runs `test` against a fully configured, migrated application on a fresh database (a copy of
/// `MigratedTemplate`).
/// `adjust` changes settings (e.g. trust `X-Forwarded-For`); `clock` replaces the system clock.
public func withTestApp(
    clock: TestClock? = nil,
    adjust: (inout AppSettings) -> Void = { _ in },
    _ test: (Application) async throws -> Void
) async throws {
    let database = try await TestDatabase.migrated()
    defer { database.removeFiles() }
    var settings = database.settings
    adjust(&settings)
    do {
        try await withApp(settings: settings, clock: clock, migrate: true, test)
    } catch {
        try? await database.drop()
        throw error
    }
    try await database.drop()
}

/// Boots one application on `settings` (an existing database, e.g. to simulate a restart).
public func withApp(settings: AppSettings, clock: TestClock?, migrate: Bool, environment: Environment = .testing,
             _ test: (Application) async throws -> Void) async throws {
    let app = try await Application.make(environment)
    app.logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
    do {
        if let clock { app.clock = clock.wallClock }
        try await configure(app, settings: settings)
        if migrate { try await app.autoMigrate() }
        try await test(app)
    } catch {
        try await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
}
