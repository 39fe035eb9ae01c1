import Foundation
import MarketCore
@testable import MarketServer
import NIOConcurrencyHelpers
import SQLKit
import Testing
import Vapor

/// `campusmarket backup` while writes go on, and `campusmarket restore` into a fresh place:
/// every write acknowledged before the backup began is there, with its photos.
@Suite("Backup and restore")
struct BackupRestoreTests {
    /// What the load wrote and the server acknowledged.
    struct Written: Sendable {
        var listings: [UUID] = []
        var photos: [String] = []  // URLs
        var orders: [UUID] = []
        var messages: [(conversation: UUID, text: String)] = []
    }

    @Test("a backup under load restores every acknowledged write with its photos; restore refuses a database with data")
    func underLoad() async throws {
        let backup = FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-backup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: backup) }
        var before = Written()
        var original: AppSettings?
        var buyerToken = ""
        try await withTestApp { app in
            original = app.settings
            let seller = try await app.register()
            let buyer = try await app.register()
            buyerToken = buyer.token
            let written = NIOLockedValueBox(Written())
            let stop = NIOLockedValueBox(false)
            // Three writers: listings with photos, purchases of them, messages about them.
            let load = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0..<3 {
                        group.addTask {
                            var round = 0
                            while !stop.withLockedValue({ $0 }) {
                                round += 1
                                let listing = try await app.createListing(.sample("Lamp \(writer)-\(round)"), token: seller.token)
                                written.withLockedValue { $0.listings.append(listing.id) }
                                let photo = try await app.uploadPhoto(PhotoMetadata.distinctPNG(writer * 1_000 + round), named: "p.png", to: listing.id, token: seller.token)
                                if photo.status == .created { written.withLockedValue { $0.photos.append(try! photo.decode(ListingPhoto.self).url) } }
                                if writer == 1, let order = try? await app.purchase(listing.id, token: buyer.token).decode(MarketCore.Order.self) {
                                    written.withLockedValue { $0.orders.append(order.id) }
                                }
                                if writer == 2 {
                                    let conversation = try await app.openConversation(about: listing.id, token: buyer.token)
                                    let text = "Still there? \(round)"
                                    if try await app.sendMessage(text, in: conversation.id, token: buyer.token).status == .created {
                                        written.withLockedValue { $0.messages.append((conversation.id, text)) }
                                    }
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            while written.withLockedValue({ $0.orders.count < 3 || $0.messages.count < 3 }) { try await Task.sleep(for: .milliseconds(20)) }
            before = written.withLockedValue { $0 }  // acknowledged before the backup began
            try await app.runCommand(["backup", backup])
            try await Task.sleep(for: .milliseconds(200))  // writes go on after it
            stop.withLockedValue { $0 = true }
            try await load.value
            #expect(written.withLockedValue { $0.listings.count } > before.listings.count)

            // Over data that is there: refused, one sentence.
            let refusal = await #expect(throws: ConfigurationError.self) { try await app.runCommand(["restore", backup]) }
            #expect(refusal?.description.contains("the database is not empty") == true)
            let again = await #expect(throws: ConfigurationError.self) { try await app.runCommand(["backup", backup]) }
            #expect(again?.description.contains("is not empty") == true)
        }

        let settings = try #require(original)
        try await Self.withFreshPlace(like: settings) { fresh in
            try await withApp(settings: fresh, clock: nil, migrate: false) { app in
                try await app.runCommand(["restore", backup])
                try await app.autoMigrate()
                for id in before.listings {
                    #expect(try await app.send(.GET, "/api/v1/listings/\(id)").status == .ok, "listing \(id)")
                }
                for url in before.photos {
                    #expect(try await app.send(.GET, url).status == .ok, "photo \(url)")
                }
                for id in before.orders {
                    #expect(try await app.send(.GET, "/api/v1/orders/\(id)", token: buyerToken).status == .ok, "order \(id)")
                }
                for (conversation, text) in before.messages {
                    let messages = try await app.messages(in: conversation, token: buyerToken)
                    #expect(messages.items.contains { $0.text == text }, "message \(text)")
                }
            }
        }
    }

    /// An empty database like `settings`' (a new data directory; on PostgreSQL a new database
    /// with the same schema name, as a restore on another machine would have), dropped after.
    static func withFreshPlace(like settings: AppSettings, _ body: (AppSettings) async throws -> Void) async throws {
        var fresh = settings
        fresh.dataDirectory = settings.dataDirectory + "-restored"
        defer { try? FileManager.default.removeItem(atPath: fresh.dataDirectory) }
        switch settings.database {
        case .sqlite:
            fresh.database = .sqlite(path: fresh.dataDirectory + "/campusmarket.sqlite")
            try await body(fresh)
        case .postgres(let url, let schema):
            let name = "restore_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
            var components = try #require(URLComponents(string: url))
            components.path = "/" + name
            // Through the server's first database: the original's own is dropped when its test ends.
            let server = ProcessInfo.processInfo.environment["DATABASE_URL"] ?? url
            let admin = AppSettings(dataDirectory: fresh.dataDirectory, database: .postgres(url: server, schema: nil))
            try await withApp(settings: admin, clock: nil, migrate: false) { try await $0.db.sql.raw("CREATE DATABASE \(ident: name)").run() }
            fresh.database = .postgres(url: try #require(components.string), schema: schema)
            do { try await body(fresh) } catch {
                try? await withApp(settings: admin, clock: nil, migrate: false) { try await $0.db.sql.raw("DROP DATABASE \(ident: name)").run() }
                throw error
            }
            try await withApp(settings: admin, clock: nil, migrate: false) { try await $0.db.sql.raw("DROP DATABASE \(ident: name)").run() }
        }
    }
}
