import Crypto
import Foundation
import MarketCore
import Vapor

/// HTTP caching for the pages every visit starts with (the feed, search, a listing; as HTML and
/// JSON). Each answer carries a weak `ETag` made from the `ContentVersion` read before the page,
/// and a request whose `If-None-Match` names the current one is answered `304 Not Modified` from
/// that one small read: nothing else is read, encoded or rendered.
///
/// `Cache-Control`: a page anyone would get (no session) may be reused by a browser or a shared
/// proxy for `sharedMaxAge` seconds, then revalidated; a signed-in viewer's JSON is private and
/// revalidated every time (its tag names the viewer). A signed-in page of the web app is neither
/// tagged nor stored (`renderPage` says `no-store`): it holds a form token and the viewer's unread
/// counts, which the version does not follow; nor is a page that shows a notice. A signed-out
/// page is the same for everyone, with no cookie set (`CSRFToken.SharedPage`). `Vary` names the
/// headers that carry a session.
struct ConditionalGet: AsyncMiddleware {
    static let sharedMaxAge = 5
    static let vary = "Cookie, Authorization, Accept-Encoding"
    /// A page is in the reader's language too (`Request.localizer`); the JSON has no words.
    static let pageVary = vary + ", Accept-Language"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method == .GET || request.method == .HEAD else { return try await next.respond(to: request) }
        let viewer = request.auth.get(Session.self)?.userID
        let isPage = !request.path.hasPrefix("/api/")
        if isPage {
            // A notice carried to this page is shown once, to this visitor: not a shared page.
            guard viewer == nil, request.cookies[Notice.cookieName] == nil else { return try await next.respond(to: request) }
            request.storage[CSRFToken.SharedPage.self] = true
        }
        let domain = request.domain
        let now = domain.now
        let read = {
            try await domain.reading { services in try await ContentVersion.current(on: services.database.sql, now: now) }
        }
        let asked = request.headers.first(name: .ifNoneMatch)
        // A request with no tag to compare may have its page tagged with a version this instance
        // read up to a second ago (`contentVersions`), a round trip fewer for every first visit and
        // every search typed. Versions only grow, so a kept one is never newer than the page: at
        // worst the next revalidation gets the page again. A tag is compared only with a version
        // read for that request (and kept for the next).
        let kept = request.application.contentVersions ?? KeptValue(lifetime: .zero)
        let version = asked == nil ? try await kept.value(read: read) : try await kept.fresh(read: read)
        // A page shows times relative to now ("5 min ago"): its tag changes with the minute too,
        // and it is in the reader's language.
        let renderer = isPage
            ? request.application.templatesDigest + "@" + String(Int(now.timeIntervalSince1970 / 60)) + "@" + request.localizer.language
            : "json"
        let tag = version.entityTag(for: request, viewer: viewer, renderer: renderer)
        let vary = isPage ? Self.pageVary : Self.vary
        let cacheControl = viewer == nil ? "public, max-age=\(Self.sharedMaxAge)" : "private, no-cache"
        if let asked, ifNoneMatch(asked, matches: tag) { return Self.notModified(tag: tag, cacheControl: cacheControl, vary: vary) }
        let response = try await next.respond(to: request)
        guard response.status == .ok else { return response }
        if let asked, ifNoneMatchAny(asked) { return Self.notModified(tag: tag, cacheControl: cacheControl, vary: vary) }
        response.headers.replaceOrAdd(name: .eTag, value: tag)
        response.headers.replaceOrAdd(name: .cacheControl, value: cacheControl)
        response.headers.replaceOrAdd(name: .vary, value: vary)
        return response
    }

    private static func notModified(tag: String, cacheControl: String, vary: String) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .eTag, value: tag)
        headers.replaceOrAdd(name: .cacheControl, value: cacheControl)
        headers.replaceOrAdd(name: .vary, value: vary)
        return Response(status: .notModified, headers: headers)
    }
}

extension Application {
    private struct TemplatesDigestKey: StorageKey { typealias Value = String }

    /// A digest of the web app's templates and words, part of every HTML page's tag: a release that
    /// changes how a page looks changes its tag, on every instance that runs it alike.
    var templatesDigest: String { storage[TemplatesDigestKey.self] ?? "" }

    /// Reads the templates once, at start (`usePageTemplates`), for `templatesDigest`.
    func digestTemplates() {
        var hash = SHA256()
        let root = URL(fileURLWithPath: directory.viewsDirectory)
        let files = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .map(\.path).sorted()
        for file in files {
            hash.update(data: Data(file.dropFirst(root.path.count).utf8))
            if let contents = FileManager.default.contents(atPath: file) { hash.update(data: contents) }
        }
        // A page's words are the catalog's: a new translation is a new page.
        if let catalog = CatalogLocation.path, let contents = FileManager.default.contents(atPath: catalog) { hash.update(data: contents) }
        storage[TemplatesDigestKey.self] = hash.finalize().prefix(8).hexString
    }
}
