import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// The SDK guide's samples (docs/sdk.md) are this code: the session sample runs against a live server, the
/// SwiftUI sketch (`ReadmeFeedScreen.swift`) compiles with the suite, and the test fails if the
/// guide's copies drift from them.
@Suite("SDK guide samples")
@MainActor
struct ReadmeSnippetTests {
    @Test("the SDK sample in docs/sdk.md compiles, runs against a live server, and is the guide's text")
    func sdkSample() async throws {
        // The sample returns early when the feed is empty (as an app would); that must not pass quietly.
        var ranThrough = false
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            try await market.listing("Standing desk", by: seller)
            _ = try await market.person("Ada")
            let serverURL = market.url
            // README:begin
            let session = SessionManager(server: serverURL, store: MemoryTokenStore())  // KeychainTokenStore() in an app
            try await session.signIn(login: "ada@campus.edu", password: "correct horse battery")

            let feed = FeedViewModel(client: session.client)
            feed.searchText = "desk"      // searches by itself once typing pauses
            await feed.settle()
            print(feed.listings.items.map(\.title))  // ["Standing desk"]

            guard let desk = feed.listings.items.first else { return print(feed.errorMessage ?? "No desk yet.") }
            let detail = ListingDetailViewModel(listingID: desk.id, client: session.client, me: session.user?.id)
            await detail.load()
            if await detail.buy() == false {
                print(detail.errorMessage ?? "")     // e.g. "This listing has already been sold."
            }
            // README:end
            // The sample keeps its store where an app would; this test leaves nothing there.
            defer { session.client.store?.destroy() }
            #expect(session.client.store != nil)
            #expect(session.user?.name == "Ada")
            #expect(feed.listings.items.map(\.title) == ["Standing desk"])
            #expect(detail.placedOrder?.status == .pending)
            ranThrough = true
        }
        #expect(ranThrough, "the feed found the desk")
        #expect(try Self.readmeBlock(after: "## The SDK") == Self.marked(in: #filePath))
    }

    @Test("the SwiftUI sketch in docs/sdk.md is the one that compiles with the suite")
    func swiftUISketch() throws {
        let sketch = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ReadmeFeedScreen.swift")
        #expect(try Self.readmeBlock(after: "### A SwiftUI screen") == Self.marked(in: sketch.path))
    }

    /// The lines between the README markers in `path`, without their indentation.
    static func marked(in path: String) throws -> [String] {
        let source = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        guard let begin = source.firstIndex(where: { $0.hasSuffix("// README:begin") }),
              let end = source.firstIndex(where: { $0.hasSuffix("// README:end") }) else { throw MarkersMissing() }
        return dedent(Array(source[(begin + 1)..<end]))
    }

    /// The first ```swift block after `heading` in the SDK guide (docs/sdk.md, which the README links).
    static func readmeBlock(after heading: String) throws -> [String] {
        let readme = try String(contentsOf: PackageRoot.url.appendingPathComponent("docs/sdk.md"), encoding: .utf8).components(separatedBy: "\n")
        guard let start = readme.firstIndex(of: heading),
              let open = readme[start...].firstIndex(of: "```swift"),
              let close = readme[(open + 1)...].firstIndex(of: "```") else { throw MarkersMissing() }
        return dedent(Array(readme[(open + 1)..<close]))
    }

    static func dedent(_ lines: [String]) -> [String] {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { String($0.dropFirst(indent)) }
    }

    struct MarkersMissing: Error {}
}
