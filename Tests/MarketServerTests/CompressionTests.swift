import Foundation
import MarketCore
@testable import MarketServer
import MarketTestSupport
import Testing
import Vapor

/// Text answered compressed to a client that accepts it, through the real HTTP server (the
/// compressor is a channel handler, not middleware); photos and the live event stream never.
@Suite("Compression")
struct CompressionTests {
    static func get(_ app: Application, _ url: URL, _ path: String, encoding: String? = "gzip") async throws -> ClientResponse {
        var headers = HTTPHeaders()
        if let encoding { headers.replaceOrAdd(name: .acceptEncoding, value: encoding) }
        return try await app.client.get(URI(string: url.absoluteString + path), headers: headers)
    }

    @Test("pages, JSON, styles and scripts come gzipped to a client that accepts it; photos and a client that does not ask come plain")
    func compressedText() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(.sample("Oak desk lamp"), token: seller.token)
            let photo = try await app.uploadPhoto(SampleImages.png, named: "lamp.png", declaredType: "image/png", to: listing.id, token: seller.token)
                .decode(ListingPhoto.self)
            try await app.withLiveServer { url in
                for path in ["/", "/listings/\(listing.id.uuidString.lowercased())", "/api/v1/listings", "/css/app.css", "/js/live.js"] {
                    let answer = try await Self.get(app, url, path)
                    #expect(answer.status == .ok && answer.headers.first(name: .contentEncoding) == "gzip", "\(path): \(answer.headers)")
                    #expect(answer.body.map { Array($0.readableBytesView.prefix(2)) } == [0x1F, 0x8B], "\(path) is no gzip stream")
                    // A cache must keep one copy per encoding.
                    #expect(answer.headers.first(name: .vary)?.contains("Accept-Encoding") == true, "\(path): \(answer.headers)")
                }
                let plain = try await Self.get(app, url, "/api/v1/listings", encoding: nil)
                #expect(plain.headers.first(name: .contentEncoding) == nil && plain.body.map { String(buffer: $0) }?.contains("Oak desk lamp") == true)
                let image = try await Self.get(app, url, photo.url)
                #expect(image.status == .ok && image.headers.first(name: .contentEncoding) == nil)
            }
        }
    }

    @Test("each page carries its CSRF token masked anew (nothing a compressed page could leak), and every one is accepted")
    func maskedTokens() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            let cookie = TrustPagesTests.cookie(student)
            let first = try await app.visit("/profile", cookies: cookie), second = try await app.visit("/profile", cookies: cookie)
            #expect(!first.csrf.isEmpty && first.csrf != second.csrf)
            for token in [first.csrf, second.csrf] {
                let saved = try await app.postForm("/profile", fields: ["csrf": token, "name": "Ada Student"], cookies: cookie)
                #expect(saved.status == .seeOther, "\(saved.text.prefix(300))")
            }
            let other = try await app.visit("/profile", cookies: TrustPagesTests.cookie(try await app.register()))
            #expect(try await app.postForm("/profile", fields: ["csrf": other.csrf, "name": "Mallory"], cookies: cookie).status == .forbidden)
        }
    }

    @Test("pages link styles and scripts by their content's hash, and the current one may be kept a year; an old or missing hash still gets the file, briefly")
    func versionedAssets() async throws {
        try await withTestApp { app in
            let page = try await app.visit("/signin")
            let styles = try #require(page.text.firstMatch(of: /href="(\/css\/app\.css\?v=[0-9a-f]{10})"/)).1
            #expect(page.text.contains(#"src="/js/live.js?v="#))
            let current = try await app.send(.GET, String(styles))
            #expect(current.status == .ok && current.headers.first(name: .cacheControl) == "public, max-age=31536000, immutable")
            let css = try String(contentsOfFile: app.directory.publicDirectory + "css/app.css", encoding: .utf8)
            #expect(current.text == css)
            // The hash is the content's: the version of this file's bytes.
            #expect(String(styles) == "/css/app.css?v=" + (AssetVersions(publicDirectory: app.directory.publicDirectory).versions["/css/app.css"] ?? "none"))
            for stale in ["/css/app.css?v=0000000000", "/css/app.css"] {
                let answer = try await app.send(.GET, stale)
                #expect(answer.status == .ok && answer.headers.first(name: .cacheControl)?.contains("immutable") != true, "\(stale)")
            }
        }
    }
}
