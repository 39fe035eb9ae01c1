import Foundation
import Leaf
import LeafKit
import Vapor

extension Application {
    /// Leaf, parsing each template once in every environment. `swift run` serves in development,
    /// where Vapor's `.leaf` provider turns the template cache off whatever `leaf.cache.isEnabled`
    /// says, so every page read and parsed its templates from disk again and cost twice what it
    /// should. A template edit takes a restart, as a Swift edit does.
    func useCachedLeaf() throws {
        // Templates and styles are read from the working directory. Started elsewhere, every page
        // would be a 500 "no template" in the log; say so once instead.
        guard FileManager.default.fileExists(atPath: directory.viewsDirectory + "layout.leaf") else {
            throw ConfigurationError("the web app's templates are not in '\(directory.viewsDirectory)'. "
                + "Start campusmarket from the directory that holds Resources/ and Public/ (the repository's root).")
        }
        leaf.cache.isEnabled = true
        leaf.sources = leaf.sources  // build the file source once, not on every page
        views.use { app in
            LeafRenderer(configuration: app.leaf.configuration, tags: app.leaf.tags, cache: app.leaf.cache,
                         sources: app.leaf.sources, eventLoop: app.eventLoopGroup.next(),
                         userInfo: ["application": app])
        }
    }
}
