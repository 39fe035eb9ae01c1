import Foundation
@testable import MarketServer
import Testing
import Vapor

/// Pages parse their templates once. `swift run` serves in the development environment, where
/// Vapor's Leaf provider used to turn the template cache off, so every page read its templates
/// from disk again (and cost twice what it should).
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

    @Test("a theme's template using a LeafKit tag PageTemplates does not read (#date) is drawn by LeafKit; the others are not")
    func themeTagLeftToLeafKit() async throws {
        let database = TestDatabase.make()
        defer { database.removeFiles() }
        let (settings, views) = try Self.themeCopy(for: database)
        let feed = views + "/feed.leaf"
        let original = try String(contentsOfFile: feed, encoding: .utf8)
        try original.replacingOccurrences(of: "<h1 class=\"visually-hidden\">#(page.heading)</h1>",
                                          with: "<h1 class=\"shout\">#date(1800000000, \"yyyy\") #(page.heading)</h1>")
            .write(toFile: feed, atomically: true, encoding: .utf8)

        try await withApp(settings: settings, clock: nil, migrate: true) { app in
            #expect(Set(app.pageTemplates?.leftToLeaf.keys.map { $0 } ?? []) == ["feed"])
            let page = try await app.send(.GET, "/")
            #expect(page.status == .ok)
            #expect(page.text.contains("<h1 class=\"shout\">2027 Latest on campus</h1>"))
            #expect(try await app.send(.GET, "/signin").text.contains("Sign in"))
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
