import Foundation
import Vapor

/// Where the web app's files are: templates (`Views/`), styles and scripts (`Public/`) and
/// `openapi.yaml`. They ship in the resource bundle SwiftPM puts beside the executable, so the
/// binary runs from any directory; `THEME_DIR` may point at other templates and styles.
struct WebFiles {
    /// The bundle SwiftPM builds from MarketServer's resources, next to the executable.
    static let bundleName = "CampusMarket_MarketServer.resources"

    /// With a trailing slash, as Vapor's `DirectoryConfiguration` wants.
    var views: String
    var publicFiles: String
    var openAPIDocument: String

    /// Looked up beside the running executable (`campusmarket`, or the test runner), not through
    /// `Bundle.module`, which stops the process when the bundle is missing instead of saying so.
    static func locate(theme: String?) throws -> WebFiles {
        let candidates = [Bundle.main.bundleURL, Self.executableDirectory].compactMap { $0 }
            .map { $0.appendingPathComponent(bundleName).path + "/" }
        guard let bundle = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "Views/layout.leaf") }) else {
            throw ConfigurationError("the web app's files are not beside the executable: copy \(bundleName) (built with campusmarket) into the same directory as campusmarket")
        }
        var files = WebFiles(views: bundle + "Views/", publicFiles: bundle + "Public/", openAPIDocument: bundle + "openapi.yaml")
        if let theme {
            let root = theme.hasSuffix("/") ? theme : theme + "/"
            guard FileManager.default.fileExists(atPath: root + "Views/layout.leaf") else {
                throw ConfigurationError("THEME_DIR must be a directory with Views/layout.leaf (and optionally Public/), not '\(theme)'")
            }
            files.views = root + "Views/"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "Public", isDirectory: &isDirectory), isDirectory.boolValue {
                files.publicFiles = root + "Public/"
            }
        }
        return files
    }

    /// The directory of the executable itself (symbolic links resolved).
    private static var executableDirectory: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }
}

extension Application {
    /// Points Vapor's directories (Leaf's templates, the public files) at `files`.
    func use(_ files: WebFiles) {
        directory.viewsDirectory = files.views
        directory.publicDirectory = files.publicFiles
        directory.resourcesDirectory = URL(fileURLWithPath: files.openAPIDocument).deletingLastPathComponent().path + "/"
    }
}
