import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import SQLKit
import Vapor

/// Connects Fluent to the database the settings choose. Same models and migrations on both.
enum DatabaseSetup {
    /// SQLite runs every call on the application's thread pool, and a connection that waits for
    /// the write lock waits there, spinning (sqlite-nio's busy handler retries without end). On
    /// the shared pool (`NIOThreadPool.singleton`: one thread per core, for every application in
    /// the process) waiting connections could hold every thread while the connection that holds
    /// the lock waits for a thread to commit on: a deadlock. This pool is the application's own,
    /// with threads to spare beyond its connections (one per event loop), so the holder always
    /// finds one; Vapor starts it and shuts it down with the application.
    static func sqliteThreadPool(connections: Int) -> NIOThreadPool {
        NIOThreadPool(numberOfThreads: connections + 2)
    }

    static func configure(_ app: Application, for choice: AppSettings.DatabaseChoice) async throws {
        switch choice {
        case .sqlite(let path):
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            app.threadPool = sqliteThreadPool(connections: System.coreCount)
            // SQLite has one writer at a time, so a burst of writes (a dozen sign-ups at once on a
            // busy two-core machine) queues for connections; 30 s, as on PostgreSQL, lets the
            // queue drain before the pool gives up with 503.
            app.databases.use(.sqlite(.file(path), connectionPoolTimeout: .seconds(30), sqlLogLevel: .debug), as: .sqlite)
            // WAL lets readers run beside the single writer; the mode is stored in the file.
            // Foreign keys are switched on per connection by the driver; synchronous stays FULL
            // (SQLite's compiled default), so an acknowledged write survives a crash.
            _ = try await app.db.sql.raw("PRAGMA journal_mode=WAL").all()
        case .postgres(let url, let schema):
            var configuration = try SQLPostgresConfiguration(url: url)
            // A new connection waits as long as a pooled one may (below): a server busy forking
            // backends for a burst of connections is slow, not gone.
            configuration.coreConfiguration.options.connectTimeout = .seconds(30)
            // Names this instance's connections in pg_stat_activity (`/metrics` counts them), and
            // turns off compiling a statement's plan to machine code (`jit`), which PostgreSQL does
            // for any plan it costs above `jit_above_cost`, at every run. A search's walk kept
            // prepared is costed that high for every value (its arrays guessed at ten entries
            // each) and did 0.15 ms of work after 1.4–1.7 ms of compiling: `q=calculus` in
            // textbooks at a price, p50 3.76 -> 1.49 ms at 1M listings (`bench/ab.sh`). No statement here reads
            // long enough for compiled code to pay back.
            configuration.coreConfiguration.options.additionalStartupParameters = [("application_name", instanceName), ("jit", "off")]
            if let schema {
                configuration.searchPath = [schema]
            }
            // A burst (200 buyers of one listing at once) queues for connections behind that listing's
            // lock; 30 s rather than 10 lets the queue drain instead of failing requests.
            app.databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: 4,
                                        connectionPoolTimeout: .seconds(30), sqlLogLevel: .debug), as: .psql)
            app.databases.use(.postgres(configuration: searchReads(configuration), maxConnectionsPerEventLoop: 4,
                                        connectionPoolTimeout: .seconds(30), sqlLogLevel: .debug), as: .psqlSearch)
            if let schema {
                try await app.db.sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
            }
        }
    }

    /// The connections a search reads on (`DomainServices.searchPage`): each statement kept
    /// prepared there runs one plan made for every value from its first run
    /// (`plan_cache_mode`), and none is split across parallel workers.
    ///
    /// Why: PostgreSQL plans a prepared statement for its values five times, then keeps doing so
    /// whenever its plan for every value is costed higher, and it was for the search's walks: at 1M
    /// listings a tenth of the Zipf mix's time went to planning them again (0.5–1.2 ms each, a
    /// search's statement taking 0.2–1.5 ms to run). A statement whose plan must fit its values
    /// (a word read through the text index) is sent with its values written in
    /// (`PostgresInlinedStatement`), and is planned for them as before. Statements kept prepared
    /// are written for the one plan (`SearchDialect.rowMatch`, `ListingSearch.walksByAge`); a plan
    /// for every value that guesses a range holds a third of the table chose two parallel workers
    /// for a 2,000-listing walk (7 ms to start them). Other work keeps the default pool.
    static func searchReads(_ configuration: SQLPostgresConfiguration) -> SQLPostgresConfiguration {
        var search = configuration
        search.coreConfiguration.options.additionalStartupParameters += [
            ("plan_cache_mode", "force_generic_plan"), ("max_parallel_workers_per_gather", "0"),
        ]
        return search
    }

    /// This process among the database's clients: `campusmarket <host> <pid>`, at most 63 bytes.
    static let instanceName = String("campusmarket \(ProcessInfo.processInfo.hostName) \(getpid())".utf8.prefix(63)) ?? "campusmarket"

    /// The hub that carries committed events to open streams: in-process on SQLite (one
    /// process), `LISTEN`/`NOTIFY` on PostgreSQL (any number of instances).
    static func eventHub(for settings: AppSettings) throws -> any EventHub {
        switch settings.database {
        case .sqlite:
            return LocalEventHub()
        case .postgres(let url, _):
            return PostgresEventHub(configuration: try SQLPostgresConfiguration(url: url).coreConfiguration, channel: settings.eventChannel)
        }
    }
}

extension DatabaseID {
    /// PostgreSQL's connections for searches (`DatabaseSetup.searchReads`).
    static let psqlSearch = DatabaseID(string: "psql-search")
}
