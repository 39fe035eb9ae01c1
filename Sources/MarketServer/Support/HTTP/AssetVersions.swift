import Crypto
import Foundation
import Vapor

/// Each style's and script's content hash, read once at boot: a page links
/// `/css/app.css?v=3f2a1b9c0d`, so the address changes with the file and a browser (and nginx)
/// may keep it a year without asking again (`PublicFilesMiddleware` says `immutable` to a request
/// naming the current hash). An address with an old or no hash still gets the file, cached briefly.
struct AssetVersions: Sendable {
    /// "/css/app.css" → "3f2a1b9c0d".
    let versions: [String: String]

    static let none = AssetVersions(versions: [:])

    init(versions: [String: String]) { self.versions = versions }

    init(publicDirectory: String) {
        var versions: [String: String] = [:]
        for folder in ["css", "js"] {
            let path = publicDirectory + "/" + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                guard let data = FileManager.default.contents(atPath: path + "/" + name) else { continue }
                versions["/\(folder)/\(name)"] = SHA256.hash(data: data).prefix(5).map { String(format: "%02x", $0) }.joined()
            }
        }
        self.versions = versions
    }

    /// The address to link: with its version when the file is known.
    func url(_ path: String) -> String {
        versions[path].map { "\(path)?v=\($0)" } ?? path
    }

    /// Whether `request` names the current version of its file.
    func isCurrent(_ request: Request) -> Bool {
        guard let asked = request.url.query?.split(separator: "&").first(where: { $0.hasPrefix("v=") })?.dropFirst(2) else { return false }
        return versions[request.url.path] == String(asked)
    }
}

extension Application {
    private struct AssetVersionsKey: StorageKey { typealias Value = AssetVersions }

    var assetVersions: AssetVersions {
        get { storage[AssetVersionsKey.self] ?? .none }
        set { storage[AssetVersionsKey.self] = newValue }
    }
}
