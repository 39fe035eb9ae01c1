import Foundation
import MarketCore
import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct PageTemplatesKey: StorageKey { typealias Value = PageTemplates }

    /// The templates `renderPage` draws, read at start (`usePageTemplates`).
    var pageTemplates: PageTemplates {
        guard let templates = storage[PageTemplatesKey.self] else { fatalError("configure(_:settings:) has not run") }
        return templates
    }

    /// Reads the templates once, from the views directory (the shipped ones or a theme's): a
    /// template edit takes a restart, as a Swift edit does. A template this reader cannot read
    /// is an operator's mistake (a theme's), said in one sentence before the server starts.
    func usePageTemplates() throws {
        digestTemplates()
        if let templates = Self.parsedTemplates.withLockedValue({ $0[templatesDigest] }) {
            storage[PageTemplatesKey.self] = templates
            return
        }
        guard let catalog = CatalogLocation.path else {
            throw ConfigurationError("the words of the pages (\(CatalogLocation.fileName)) are not beside the executable: copy \(CatalogLocation.bundleName) (built with campusmarket) into the same directory as campusmarket")
        }
        do { _ = try StringCatalog(contentsOf: catalog) } catch {
            throw ConfigurationError("\(catalog) cannot be read: \(error)")
        }
        let templates = PageTemplates(directory: directory.viewsDirectory, languages: Localizer.everyLanguage)
        if let (name, problem) = templates.problems.sorted(by: { $0.key < $1.key }).first {
            let more = templates.problems.count > 1 ? " (and \(templates.problems.count - 1) more)" : ""
            throw ConfigurationError("the template \(name).leaf in \(directory.viewsDirectory) cannot be drawn: it uses \(problem)\(more). "
                                     + "Templates use #(…), #unsafeHTML(…), #if/#elseif/#else, #for, #extend/#export/#import and "
                                     + "count, contains, isEmpty, lowercased, uppercased, capitalized, and #t(\"words\", values…) for the catalog's words.")
        }
        storage[PageTemplatesKey.self] = templates
        Self.parsedTemplates.withLockedValue { $0[templatesDigest] = templates }
    }

    /// Templates read and found drawable, by `templatesDigest` (the files and the catalog): the
    /// applications of one process that draw the same files share one reading. A server runs one;
    /// the tests start hundreds, and reading took 0.1 s of each start.
    private static let parsedTemplates = NIOLockedValueBox<[String: PageTemplates]>([:])
}
