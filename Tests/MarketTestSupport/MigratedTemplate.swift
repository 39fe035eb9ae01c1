import Foundation
import MarketServer
import SQLKit
import Vapor

/// A database migrated once per test process and copied for each test (`TestDatabase.migrated`).
///
/// Why: running every migration for each test cost 0.25 s on SQLite and 0.9 s on PostgreSQL (53
/// migrations, a few hundred statements), most of the PostgreSQL suite's time and a third of
/// SQLite's. A copy is a file copy on SQLite and `CREATE DATABASE … TEMPLATE` on PostgreSQL
/// (about 50 ms). The migrations themselves are still run by every test that starts from an
/// empty database (`TestDatabase.make`, the several-process races, backup and restore).
enum MigratedTemplate {
    enum Copy: Sendable {
        case sqlite(file: String)
        case postgres(name: String, admin: PostgresAdmin)
    }

    /// Made at the first ask; every later ask waits for the same one.
    private static let made = Task<Copy, any Error> { try await make() }

    static var copy: Copy {
        get async throws { try await made.value }
    }

    private static func make() async throws -> Copy {
        let database = TestDatabase.make()
        if TestDatabase.isPostgres, let url = ProcessInfo.processInfo.environment["DATABASE_URL"] {
            let admin = try await PostgresAdmin(url: url, directory: database.directory)
            try await admin.dropStale()
            let name = PostgresAdmin.newName(prefix: "test_template")
            try await admin.create(name, template: nil)
            var settings = database.settings
            settings.database = .postgres(url: try admin.url(of: name), schema: nil)
            try await withApp(settings: settings, clock: nil, migrate: true) { _ in }
            return .postgres(name: name, admin: admin)
        }
        try await withApp(settings: database.settings, clock: nil, migrate: true) { app in
            // Everything in the main file, so a copy of that file is the whole database.
            _ = try await app.db.sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").all()
        }
        guard case .sqlite(let path) = database.settings.database else { preconditionFailure("SQLite expected") }
        return .sqlite(file: path)
    }
}

/// One connection's worth of administration on the PostgreSQL server of `DATABASE_URL`: making
/// and dropping the tests' databases. An application configured but never booted (no jobs,
/// no streams), kept for the whole process.
final class PostgresAdmin: Sendable {
    private let app: Application
    private let base: String

    init(url: String, directory: String) async throws {
        base = url
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        try await configure(app, settings: AppSettings(dataDirectory: directory, database: .postgres(url: url, schema: nil), bcryptCost: 4))
    }

    /// `<prefix>_<seconds since 1970>_<random>`: the time lets a later run drop what a crashed one left.
    static func newName(prefix: String) -> String {
        let random = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        return "\(prefix)_\(Int(Date().timeIntervalSince1970))_\(random)"
    }

    func url(of name: String) throws -> String {
        guard var components = URLComponents(string: base) else { throw Abort(.internalServerError, reason: "DATABASE_URL is not a URL") }
        components.path = "/" + name
        guard let url = components.string else { throw Abort(.internalServerError, reason: "no URL for \(name)") }
        return url
    }

    func create(_ name: String, template: String?) async throws {
        if let template {
            try await app.db.sql.raw("CREATE DATABASE \(ident: name) TEMPLATE \(ident: template)").run()
        } else {
            try await app.db.sql.raw("CREATE DATABASE \(ident: name)").run()
        }
    }

    func drop(_ name: String) async throws {
        try await app.db.sql.raw("DROP DATABASE IF EXISTS \(ident: name) WITH (FORCE)").run()
    }

    /// Databases of runs that ended three hours ago or more (a crashed run drops nothing).
    func dropStale() async throws {
        struct Row: Decodable { let datname: String }
        let names = try await app.db.sql.raw("SELECT datname FROM pg_database WHERE datname LIKE 'test\\_%'").all(decoding: Row.self)
        let cutoff = Int(Date().timeIntervalSince1970) - 3 * 3_600
        for row in names {
            let parts = row.datname.split(separator: "_")
            guard parts.count >= 3, let made = Int(parts[parts.count - 2]), made < cutoff else { continue }
            try? await drop(row.datname)
        }
    }
}
