import Foundation
import Leaf
import LeafKit
import Vapor

extension Application {
    private struct PageTemplatesKey: StorageKey { typealias Value = PageTemplates }

    /// The templates as `renderPage` draws them (read at start, with Leaf's cache).
    var pageTemplates: PageTemplates? { storage[PageTemplatesKey.self] }

    /// Leaf, parsing each template once in every environment. `swift run` serves in development,
    /// where Vapor's `.leaf` provider turns the template cache off whatever `leaf.cache.isEnabled`
    /// says, so every page read and parsed its templates from disk again and cost twice what it
    /// should. A template edit takes a restart, as a Swift edit does.
    func useCachedLeaf() throws {
        leaf.cache.isEnabled = true
        // Built once, not on every page. Leaf's default limits refuse any path with a hidden
        // directory in it, and the templates ship inside `.build/…/*.resources` during
        // development: the sandbox (the views directory) is the limit that matters.
        let files = NIOLeafFiles(fileio: fileio, limits: [.toSandbox, .requireExtensions, .onlyLeafExtensions],
                                 sandboxDirectory: directory.viewsDirectory, viewDirectory: directory.viewsDirectory)
        leaf.sources = .singleSource(files)
        digestTemplates()
        let templates = PageTemplates(directory: directory.viewsDirectory)
        for (name, reason) in templates.leftToLeaf.sorted(by: { $0.key < $1.key }) {
            logger.notice("template \(name) is drawn by LeafKit: it uses \(reason)")
        }
        storage[PageTemplatesKey.self] = templates
        views.use { app in
            LeafRenderer(configuration: app.leaf.configuration, tags: app.leaf.tags, cache: app.leaf.cache,
                         sources: app.leaf.sources, eventLoop: app.eventLoopGroup.next(),
                         userInfo: ["application": app])
        }
    }
}
