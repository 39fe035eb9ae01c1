import Foundation
import Vapor

/// Serves `Public/` (styles and scripts) through Vapor's `FileMiddleware`, but only for paths
/// under its top-level entries, listed once at boot. `FileMiddleware` looks every request's path
/// up on disk before routing — a hop to the file system's threads and back for each API call
/// and page; the listing answers "not a file" without it. A top-level entry added while the
/// server runs is served after a restart (the directory ships with the release).
/// A request naming a file's current version (`AssetVersions`) is told to keep it a year.
struct PublicFilesMiddleware: Middleware {
    private let files: FileMiddleware
    private let topLevel: Set<String>
    private let versions: AssetVersions

    init(publicDirectory: String, versions: AssetVersions) {
        files = FileMiddleware(publicDirectory: publicDirectory)
        topLevel = Set((try? FileManager.default.contentsOfDirectory(atPath: publicDirectory)) ?? [])
        self.versions = versions
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        // Decoded only when it has a `%`: Foundation's decoding on every request was 1% of its CPU.
        guard let first = request.path.split(separator: "/").first,
              topLevel.contains(String(first)) || (first.contains("%") && topLevel.contains(first.removingPercentEncoding ?? "")) else {
            return next.respond(to: request)
        }
        guard versions.isCurrent(request) else { return files.respond(to: request, chainingTo: next) }
        return files.respond(to: request, chainingTo: next).map { response in
            if response.status == .ok { response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=31536000, immutable") }
            return response
        }
    }
}
