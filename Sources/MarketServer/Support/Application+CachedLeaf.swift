import Leaf
import LeafKit
import Vapor

extension Application {
    /// Leaf, parsing each template once in every environment. `swift run` serves in development,
    /// where Vapor's `.leaf` provider turns the template cache off whatever `leaf.cache.isEnabled`
    /// says, so every page read and parsed its templates from disk again and cost twice what it
    /// should. A template edit takes a restart, as a Swift edit does.
    func useCachedLeaf() {
        leaf.cache.isEnabled = true
        leaf.sources = leaf.sources  // build the file source once, not on every page
        views.use { app in
            LeafRenderer(configuration: app.leaf.configuration, tags: app.leaf.tags, cache: app.leaf.cache,
                         sources: app.leaf.sources, eventLoop: app.eventLoopGroup.next(),
                         userInfo: ["application": app])
        }
    }
}
