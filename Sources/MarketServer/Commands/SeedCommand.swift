import Fluent
import MarketCore
import Foundation
import SQLKit
import Vapor

/// `campusmarket seed --listings N --users M [--seed S]`: fills the database with realistic,
/// deterministic demo data (the same seed gives the same users and listings). Every seed user's
/// password is `campusmarket`. The newest listings get a picture drawn in code for their
/// category, uploaded through the same path as a seller's photo (checked, stored by content).
struct SeedCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "listings", short: "l", help: "How many listings to create (default 1000).")
        var listings: Int?
        @Option(name: "users", short: "u", help: "How many users to create (default 100).")
        var users: Int?
        @Option(name: "seed", short: "s", help: "Random seed; the same seed makes the same data (default 1).")
        var seed: Int?
        @Option(name: "photos", short: "p", help: "How many of the newest listings get a drawn picture (default 300; 0 for none).")
        var photos: Int?
        @Option(name: "saved-searches", help: "How many saved searches to spread over the users, 20 at most each (default 0).")
        var savedSearches: Int?

        init() {}
    }

    var help: String { "Creates demo users and listings (deterministic for a given --seed)." }

    static let password = "campusmarket"
    /// Rows per INSERT, and INSERTs per transaction.
    static let rowsPerStatement = 500
    static let statementsPerTransaction = 20

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let listingCount = max(0, signature.listings ?? 1_000)
        let userCount = max(1, signature.users ?? 100)
        let photoCount = min(listingCount, max(0, signature.photos ?? 300))
        let seed = UInt64(truncatingIfNeeded: signature.seed ?? 1)
        var factory = SeedListingFactory(random: SeededGenerator(seed: seed))
        try await app.autoMigrate()
        let started = Date()

        let users = try await createUsers(userCount, factory: &factory, app: app)
        let sellers = try users.map { (id: try $0.user.requireID(), campus: $0.campus) }
        var pictured: [SeedListingFactory.Row] = []
        context.console.print("Created \(userCount) users (password '\(Self.password)').")

        let now = Date()
        let span: TimeInterval = 365 * 86_400
        var progress = ProgressLine(total: listingCount, console: context.console)
        var made = 0
        while made < listingCount {
            let chunk = min(Self.rowsPerStatement * Self.statementsPerTransaction, listingCount - made)
            var statements: [[SeedListingFactory.Row]] = []
            var rows: [SeedListingFactory.Row] = []
            for offset in 0..<chunk {
                // Oldest first, so the database's row order is also creation order ("newest" = highest seq).
                let createdAt = now.addingTimeInterval(-span * (1 - Double(made + offset) / Double(max(1, listingCount))))
                let seller = sellers[factory.int(0...sellers.count - 1)]
                let row = factory.row(seller: seller, createdAt: createdAt, now: now)
                rows.append(row)
                if made + offset >= listingCount - photoCount { pictured.append(row) }
                if rows.count == Self.rowsPerStatement { statements.append(rows); rows = [] }
            }
            if !rows.isEmpty { statements.append(rows) }
            let batch = statements
            try await app.db.transaction { db in
                let sql = db.sql
                for statement in batch { try await Self.insert(statement, into: sql) }
            }
            made += chunk
            progress.update(made)
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        context.console.print("Created \(listingCount) listings in \(String(format: "%.1f", seconds)) s.")
        if let searches = signature.savedSearches, searches > 0 {
            try await addSavedSearches(searches, users: users.map(\.user), factory: &factory, app: app, console: context.console)
        }
        if !pictured.isEmpty {
            try await addPictures(to: pictured, sellers: users.map(\.user), seed: seed, app: app, console: context.console)
        }
    }

    /// One picture for each listing, added as its seller would add a photo.
    private func addPictures(to rows: [SeedListingFactory.Row], sellers: [UserRecord], seed: UInt64,
                             app: Application, console: any Console) async throws {
        let started = Date()
        let byID = Dictionary(uniqueKeysWithValues: try sellers.map { (try $0.requireID(), $0) })
        var progress = ProgressLine(total: rows.count, console: console)
        for (index, row) in rows.enumerated() {
            guard let seller = byID[row.sellerID] else { continue }
            let png = SeedPicture.png(of: row.category, seed: seed &* 1_000_003 &+ UInt64(index))
            _ = try await app.domainServices().listingPhotos.add(png, to: row.listingID, by: seller, limited: false)
            progress.update(index + 1)
        }
        progress.finish()
        console.print("Drew pictures for \(rows.count) listings in \(String(format: "%.1f", Date().timeIntervalSince(started))) s.")
    }

    /// Seeded sellers show their listings on every campus, with full names: a demo or benchmark
    /// board reads as one market (a real account starts private).
    static let sellerPrivacy = PrivacySettings.unchanged

    private func createUsers(_ count: Int, factory: inout SeedListingFactory, app: Application) async throws -> [(user: UserRecord, campus: String)] {
        let hash = try Bcrypt.hash(Self.password, cost: app.settings.bcryptCost)
        var sellers: [(user: UserRecord, campus: String)] = []
        var batch: [UserRecord] = []
        for index in 0..<count {
            let first = factory.pick(SeedCatalogue.firstNames), last = factory.pick(SeedCatalogue.lastNames)
            let campus = factory.pick(SeedCatalogue.campuses)
            let id = factory.uuid()
            let user = UserRecord(id: id, email: "\(first).\(last).\(index)@\(campus)".lowercased(), username: nil,
                            name: "\(first) \(last)", passwordHash: hash, now: app.clock.now())
            user.privacy = Self.sellerPrivacy
            batch.append(user)
            sellers.append((user, campus))
            if batch.count == 500 || index == count - 1 {
                try await batch.create(on: app.db)
                batch = []
            }
        }
        return sellers
    }

    private static func insert(_ rows: [SeedListingFactory.Row], into sql: any SQLDatabase) async throws {
        let values = rows.map { row -> SQLQueryString in "(\(binds: row.values))" }.joined(separator: ", ")
        try await sql.raw("\(ListingRecord.insertHead) VALUES \(values)").run()
    }
}
