import Foundation
@testable import MarketServer
import Testing
import Vapor

/// Pages parse their templates once, in every environment (Vapor's Leaf provider, before, turned
/// its template cache off in development, where `swift run` serves: every page read its templates
/// from disk again). A theme's templates are checked at start.
@Suite("Web app: templates")
struct WebTemplateCacheTests {
    @Test("in development, a page renders from parsed templates after the files are gone")
    func cachedInDevelopment() async throws {
        let database = TestDatabase.make()
        defer { database.removeFiles() }
        // A copy of the templates the test can take away.
        let (settings, views) = try Self.themeCopy(for: database)

        try await withApp(settings: settings, clock: nil, migrate: true, environment: .development) { app in
            let first = try await app.send(.GET, "/")
            try FileManager.default.removeItem(atPath: views)
            let second = try await app.send(.GET, "/")

            #expect(first.status == .ok)
            #expect(second.status == .ok && second.text.contains("Campus marketplace"))
        }
        try await database.drop()
    }

    @Test("a theme's template using what the templates' language does not have (#date) stops the start with one sentence naming it")
    func themeTagRefused() async throws {
        let database = TestDatabase.make()
        defer { database.removeFiles() }
        let (settings, views) = try Self.themeCopy(for: database)
        let feed = views + "/feed.leaf"
        let original = try String(contentsOfFile: feed, encoding: .utf8)
        try original.replacingOccurrences(of: "<h1 class=\"visually-hidden\">#(page.heading)</h1>",
                                          with: "<h1 class=\"shout\">#date(1800000000, \"yyyy\") #(page.heading)</h1>")
            .write(toFile: feed, atomically: true, encoding: .utf8)

        await #expect { try await withApp(settings: settings, clock: nil, migrate: false) { _ in } } throws: { error in
            let sentence = "\(error)"
            return error is ConfigurationError && sentence.contains("feed.leaf") && sentence.contains("#date")
        }
        try await database.drop()
    }

    /// The shipped templates copied into a theme beside `database`, and settings that serve it.
    static func themeCopy(for database: TestDatabase) throws -> (settings: AppSettings, views: String) {
        let root = database.directory + "/theme/"
        let views = root + "Views"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: try WebFiles.locate(theme: nil).views), to: URL(fileURLWithPath: views))
        var settings = database.settings
        settings.themeDirectory = root
        return (settings, views)
    }
}
