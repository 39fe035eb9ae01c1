import Fluent
import Foundation
import SQLKit
import Vapor

/// `campusmarket doctor`: what an operator checks before (or instead of) guessing — the
/// settings, that the database answers and its migrations are current, that the data and photo
/// directories are writable, that the mail relay answers. One line per check; exit 1 if any fails.
struct DoctorCommand: AsyncCommand {
    struct Signature: CommandSignature { init() {} }

    var help: String { "Checks the settings, the database and its migrations, the data directory and the mail relay; exit 1 if any fails." }

    struct Check {
        var name: String
        var passed: Bool
        var detail: String
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let checks = await Self.checks(app)
        for check in checks {
            context.console.output((check.passed ? "✔ " : "✘ ").consoleText(color: check.passed ? .green : .red)
                + "\(check.name): \(check.detail)".consoleText())
        }
        let failed = checks.filter { !$0.passed }.count
        if failed > 0 { throw ConfigurationError("\(failed) of \(checks.count) checks failed; each says what to do") }
    }

    static func checks(_ app: Application) async -> [Check] {
        let settings = app.settings
        var checks = [Check(name: "settings", passed: true, detail: describe(settings))]
        let database = await databaseCheck(app)
        checks.append(database)
        if database.passed { checks.append(await migrationsCheck(app)) }
        checks.append(writable("data directory", settings.dataDirectory))
        checks.append(await photoStoreCheck(app))
        checks.append(await mailCheck(settings))
        return checks
    }

    private static func describe(_ settings: AppSettings) -> String {
        var parts: [String] = []
        switch settings.database {
        case .sqlite(let path): parts.append("SQLite at \(path)")
        case .postgres(let url, _): parts.append("PostgreSQL at \(OperatorError.redacted(url))")
        }
        parts.append(settings.campuses.isConfigured ? "\(settings.campuses.campuses.count) campus(es)" : "an open board (no CAMPUSES)")
        parts.append("times in \(LocalTime(settings.campuses.defaultTimeZone).zoneName(at: Date()))")
        if !settings.meetupSpots.isEmpty { parts.append("\(settings.meetupSpots.count) meetup spot(s)") }
        parts.append("public URL \(settings.publicURL)")
        parts.append(settings.notify.apns.map { "pushes to \($0.topic) as team \($0.teamID)" } ?? "no pushes (APNS_KEY_FILE unset)")
        return parts.joined(separator: ", ")
    }

    private static func databaseCheck(_ app: Application) async -> Check {
        let query: SQLQueryString = switch app.settings.database {
        case .sqlite: "SELECT sqlite_version() AS version"
        case .postgres: "SELECT current_setting('server_version') AS version"
        }
        do {
            let row = try await app.db.sql.raw(query).first()
            let version = (try? row?.decode(column: "version", as: String.self)) ?? "?"
            return Check(name: "database", passed: true, detail: "answers (version \(version))")
        } catch {
            return Check(name: "database", passed: false,
                         detail: "does not answer: \(OperatorError.describe(error, settings: app.settings, arguments: []).description)")
        }
    }

    private static func migrationsCheck(_ app: Application) async -> Check {
        do {
            let pending = try await app.migrator.previewPrepareBatch().get()
            guard !pending.isEmpty else { return Check(name: "migrations", passed: true, detail: "current: every migration is applied") }
            let names = pending.map { $0.0.name.split(separator: ".").last.map(String.init) ?? $0.0.name }
            return Check(name: "migrations", passed: false,
                         detail: "\(pending.count) not applied (\(names.joined(separator: ", "))): \(Self.migrateHint)")
        } catch where String(describing: error).contains("_fluent_migrations") {
            // A new database has no table of applied migrations yet.
            return Check(name: "migrations", passed: false, detail: "none applied yet (a new database): \(Self.migrateHint)")
        } catch {
            return Check(name: "migrations", passed: false, detail: "cannot be read: \(String(describing: error))")
        }
    }

    static let migrateHint = "run `campusmarket migrate`, or start `campusmarket serve`, which migrates"

    /// Writes, reads back and removes a small file: what the server does with photos and SQLite.
    private static func writable(_ name: String, _ path: String) -> Check {
        let probe = path + "/.campusmarket-doctor-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data("ok".utf8).write(to: URL(fileURLWithPath: probe))
            try FileManager.default.removeItem(atPath: probe)
            return Check(name: name, passed: true, detail: "\(path) is writable")
        } catch {
            return Check(name: name, passed: false, detail: "\(path) is not writable by this user: give it to the user the server runs as")
        }
    }

    /// Lists and writes (then deletes) a probe, as uploads do.
    private static func photoStoreCheck(_ app: Application) async -> Check {
        let storage = app.photoStorage
        guard case .s3 = app.settings.photoStore else { return writable("photo store", app.settings.dataDirectory + "/photos") }
        do {
            try await storage.check()
        } catch {
            return Check(name: "photo store", passed: false, detail: OperatorError.describe(error, settings: app.settings, arguments: []).description)
        }
        let probe = LocalPhotoStorage.stagingPrefix + "doctor-" + UUID().uuidString
        do {
            try await storage.put(Array("ok".utf8), as: probe, contentType: "text/plain")
            try await storage.delete(probe)
            return Check(name: "photo store", passed: true, detail: "\(storage.location) answers and is writable")
        } catch {
            return Check(name: "photo store", passed: false, detail: "\(storage.location) answers but refused a test write (the log line above says why): give the access key write access to the bucket")
        }
    }

    private static func mailCheck(_ settings: AppSettings) async -> Check {
        guard let relay = settings.smtpRelay else {
            return Check(name: "mail relay", passed: true, detail: "none set (SMTP_URL): mails are written to the log, not sent")
        }
        do {
            var sender = SMTPMailSender(relay: relay)
            sender.timeout = .seconds(10)
            try await sender.greet()
            return Check(name: "mail relay", passed: true, detail: "\(relay.host):\(relay.port) answers")
        } catch {
            let reason = String(describing: error).contains("refused") ? "connection refused" : String(String(describing: error).prefix(120))
            return Check(name: "mail relay", passed: false, detail: "\(relay.host):\(relay.port) does not answer (\(reason)): check SMTP_URL and the relay")
        }
    }
}
