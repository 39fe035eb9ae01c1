import Foundation
@testable import MarketClient
import Testing

/// The SDK's store on the device, on its own: its bound, its schema steps, its files.
@Suite("SDK local store")
struct LocalStoreTests {
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("local-store-\(UUID().uuidString)")
    }

    @Test("past its size limit the least recently seen answers go; the student's orders and conversations stay whatever their size")
    func eviction() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try LocalStore(file: directory.appendingPathComponent("a.sqlite"), sizeLimit: 3_000)
        let kilobyte = Data(repeating: 7, count: 1_000)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        store.keep(StoredAnswer(body: Data(repeating: 1, count: 5_000), tag: nil, fetchedAt: start), for: "orders?limit=30", seenAt: start)
        store.keep(StoredAnswer(body: kilobyte, tag: nil, fetchedAt: start), for: "conversations/1/messages", seenAt: start)
        for index in 0..<3 {
            let at = start.addingTimeInterval(Double(index + 1))
            store.keep(StoredAnswer(body: kilobyte, tag: "\"v\(index)\"", fetchedAt: at), for: "listings/\(index)", seenAt: at)
        }
        #expect(store.usage.answers == 5)
        // Seeing listing 0 again makes listing 1 the least recent; a fourth goes past the limit.
        #expect(store.answer(for: "listings/0", seenAt: start.addingTimeInterval(10))?.tag == "\"v0\"")
        store.keep(StoredAnswer(body: kilobyte, tag: nil, fetchedAt: start), for: "listings/3", seenAt: start.addingTimeInterval(11))
        #expect(store.answer(for: "listings/1") == nil)
        for key in ["listings/0", "listings/2", "listings/3", "orders?limit=30", "conversations/1/messages"] {
            #expect(store.answer(for: key) != nil, "\(key) kept")
        }
        #expect(store.usage.bytes == 5_000 + 1_000 + 3_000)
    }

    @Test("a 304 confirms the kept answer: its time is the server's newest word, its body unchanged")
    func confirm() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try LocalStore(file: directory.appendingPathComponent("a.sqlite"))
        let then = Date(timeIntervalSince1970: 1_800_000_000)
        store.keep(StoredAnswer(body: Data("[1]".utf8), tag: "\"t\"", fetchedAt: then), for: "favorites")
        let now = then.addingTimeInterval(3_600)
        store.confirm("favorites", at: now)
        #expect(store.answer(for: "favorites") == StoredAnswer(body: Data("[1]".utf8), tag: "\"t\"", fetchedAt: now))
    }

    @Test("a store written before the schema's last step opens and is brought up to date; one from a newer SDK is refused")
    func schemaSteps() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Every earlier version: a file with only the first `version` steps applied.
        for version in 0..<LocalStoreSchema.version {
            let file = directory.appendingPathComponent("v\(version).sqlite")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let old = try SQLiteFile(path: file.path)
            for (index, step) in LocalStoreSchema.steps.prefix(version).enumerated() {
                try old.execute("\(step); PRAGMA user_version = \(index + 1)")
            }
            let store = try LocalStore(file: file)
            #expect(try store.database.rows("PRAGMA user_version").first?.first?.int == Int64(LocalStoreSchema.version))
            store.keep(StoredAnswer(body: Data("{}".utf8), tag: nil, fetchedAt: Date()), for: "me")
            #expect(store.answer(for: "me") != nil)
        }

        let newer = directory.appendingPathComponent("newer.sqlite")
        try SQLiteFile(path: newer.path).execute("PRAGMA user_version = \(LocalStoreSchema.version + 1)")
        #expect(throws: SQLiteError.self) { try LocalStore(file: newer) }
    }

    @Test("one folder per server, one file per account, owner-only; destroy leaves nothing")
    func files() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let account = UUID()
        let file = LocalStore.file(server: URL(string: "https://market.campus.edu:8443")!, account: account, in: directory)
        #expect(file.path == directory.appendingPathComponent("market.campus.edu-8443/\(account.uuidString.lowercased()).sqlite").path)
        #expect(file != LocalStore.file(server: URL(string: "https://other.campus.edu")!, account: account, in: directory))
        let store = try LocalStore(file: file)
        store.keep(StoredAnswer(body: Data("{}".utf8), tag: nil, fetchedAt: Date()), for: "me")
        let folder = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
        #expect(folder[.posixPermissions] as? Int == 0o700)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        store.destroy()
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).isEmpty)
    }
}
