import Fluent
import Foundation
import SQLKit
import Vapor

/// `campusmarket backup` and `restore`: a consistent copy of the database, taken while the
/// server keeps serving, and the photos when they are on local disk (a bucket is backed up by
/// its own versioning or replication). A backup is a directory:
///
///     backup.json            what it holds and when it was taken
///     campusmarket.sqlite    SQLite: `VACUUM INTO`, one read transaction's snapshot
///     campusmarket.pgdump    PostgreSQL: `pg_dump --format=custom`, one snapshot too
///     photos/                the photo files, by their content-addressed names
struct Backup {
    struct Manifest: Codable {
        var format = 1
        var createdAt: Date
        /// "sqlite" or "postgresql"
        var database: String
        var schema: String?
        var photos: Int
    }

    static let manifestName = "backup.json"
    static let sqliteName = "campusmarket.sqlite"
    static let postgresName = "campusmarket.pgdump"

    let app: Application

    /// Writes a backup into `directory`, which must not exist yet or be empty.
    func write(to directory: String) async throws -> Manifest {
        try Self.prepareEmpty(directory)
        let photos = directory + "/photos"
        // Photos twice, around the database: a photo is never changed, only added or deleted, so
        // every photo the snapshot names was there for the first pass or added before the second.
        var copied = try await copyLocalPhotos(to: photos)
        let manifest: Manifest
        switch app.settings.database {
        case .sqlite(let path):
            let connection = try DirectSQLiteConnection(path: path)
            defer { connection.close() }
            _ = try connection.run("VACUUM INTO ?", binds: [.text(directory + "/" + Self.sqliteName)])
            manifest = Manifest(createdAt: Date(), database: "sqlite", photos: 0)
        case .postgres(let url, let schema):
            var arguments = ["--format=custom", "--no-owner", "--file", directory + "/" + Self.postgresName]
            if let schema { arguments += ["--schema", schema] }
            try await PostgresTools.run("pg_dump", arguments, url: url)
            manifest = Manifest(createdAt: Date(), database: "postgresql", schema: schema, photos: 0)
        }
        copied = copied.union(try await copyLocalPhotos(to: photos))
        var written = manifest
        written.photos = copied.count
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(written).write(to: URL(fileURLWithPath: directory + "/" + Self.manifestName))
        return written
    }

    /// Fills this server's empty database (and photo store) from the backup in `directory`.
    func restore(from directory: String) async throws -> Manifest {
        guard let data = FileManager.default.contents(atPath: directory + "/" + Self.manifestName) else {
            throw ConfigurationError("'\(directory)' is not a CampusMarket backup: it has no \(Self.manifestName)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let manifest = try decoder.decode(Manifest.self, from: data)
        try await requireEmptyDatabase()
        switch (app.settings.database, manifest.database) {
        case (.sqlite(let path), "sqlite"):
            let connection = try DirectSQLiteConnection(path: path)
            defer { connection.close() }
            try connection.copy(from: directory + "/" + Self.sqliteName)
        case (.postgres(let url, let schema), "postgresql"):
            guard schema == manifest.schema else {
                throw ConfigurationError("the backup is of schema '\(manifest.schema ?? "public")': restore it with DATABASE_SCHEMA=\(manifest.schema ?? "") into an empty database")
            }
            // The dump makes its schema itself; ours, made empty at start-up, goes first (DROP
            // SCHEMA without CASCADE refuses a schema holding anything). Extensions live outside it.
            try await app.db.sql.raw("CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public").run()
            if let schema { try await app.db.sql.raw("DROP SCHEMA \(ident: schema)").run() }
            try await PostgresTools.run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", directory + "/" + Self.postgresName], url: url)
        default:
            throw ConfigurationError("the backup is of a \(manifest.database) database and this server runs on \(app.settings.databaseKind): restore it with the same kind of database")
        }
        let photos = directory + "/photos"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: photos)) ?? [] where PhotoStore.isValidName(name) {
            guard let bytes = FileManager.default.contents(atPath: photos + "/" + name), let type = PhotoStore.ImageType(fileName: name) else { continue }
            try await app.photoStorage.put(Array(bytes), as: name, contentType: type.contentType)
        }
        return manifest
    }

    private func copyLocalPhotos(to target: String) async throws -> Set<String> {
        guard case .local = app.settings.photoStore else { return [] }
        let source = app.settings.dataDirectory + "/photos"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        var copied: Set<String> = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: source)) ?? [] where PhotoStore.isValidName(name) {
            copied.insert(name)
            guard !FileManager.default.fileExists(atPath: target + "/" + name) else { continue }
            // Deleted since it was listed: no listing uses it any more.
            try? FileManager.default.copyItem(atPath: source + "/" + name, toPath: target + "/" + name)
        }
        return copied
    }

    private func requireEmptyDatabase() async throws {
        let query: SQLQueryString = switch app.settings.database {
        case .sqlite: "SELECT COUNT(*) AS tables FROM sqlite_master WHERE type = 'table'"
        case .postgres: "SELECT COUNT(*) AS tables FROM information_schema.tables WHERE table_schema = current_schema()"
        }
        let tables = try await app.db.sql.raw(query).first()?.decode(column: "tables", as: Int.self) ?? 0
        guard tables == 0 else {
            throw ConfigurationError("the database is not empty (\(tables) tables): restore into a new DATA_DIR or an empty PostgreSQL database, never over live data")
        }
    }

    static func prepareEmpty(_ directory: String) throws {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard existing.isEmpty else {
            throw ConfigurationError("'\(directory)' is not empty: give the backup a new directory, so no older backup is mixed into it")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ConfigurationError("cannot create '\(directory)': choose a directory this user can write to")
        }
    }
}

extension AppSettings {
    var databaseKind: String {
        switch database {
        case .sqlite: "sqlite"
        case .postgres: "postgresql"
        }
    }
}
