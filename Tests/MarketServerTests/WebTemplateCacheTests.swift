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
        let root = database.directory + "/theme/"
        let views = root + "Views"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: try WebFiles.locate(theme: nil).views)
        try FileManager.default.copyItem(at: source, to: URL(fileURLWithPath: views))
        var settings = database.settings
        settings.themeDirectory = root

        try await withApp(settings: settings, clock: nil, migrate: true, environment: .development) { app in
            let first = try await app.send(.GET, "/")
            try FileManager.default.removeItem(atPath: views)
            let second = try await app.send(.GET, "/")

            #expect(first.status == .ok)
            #expect(second.status == .ok && second.text.contains("Campus marketplace"))
        }
        try await database.drop()
    }
}
