import Foundation

/// Where the shipped catalog is: in MarketCore's resource bundle, which SwiftPM puts beside the
/// executable (`CampusMarket_MarketCore.resources`) and an app bundle carries inside it.
public enum CatalogLocation {
    public static let bundleName = "CampusMarket_MarketCore.resources"
    public static let fileName = "Localizable.xcstrings"

    /// The catalog's path, looked for beside the running executable and in the main bundle;
    /// not through `Bundle.module`, which stops the process when the bundle is missing.
    public static var path: String? {
        var directories = [Bundle.main.bundleURL, Bundle.main.resourceURL].compactMap { $0 }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        return directories.lazy
            .flatMap { [$0.appendingPathComponent(bundleName).appendingPathComponent(fileName),
                        $0.appendingPathComponent(bundleName).appendingPathComponent("Contents/Resources/" + fileName)] }
            .map(\.path)
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    static func load() throws -> StringCatalog {
        guard let path else { throw StringCatalog.Unreadable(description: "\(fileName) is not beside the executable: copy \(bundleName) into its directory") }
        return try StringCatalog(contentsOf: path)
    }
}
