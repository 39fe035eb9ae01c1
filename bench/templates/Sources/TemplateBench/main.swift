import Foundation
import LeafKit
import Mustache
import NIOCore
import NIOPosix

// The feed page (24 cards, signed in) drawn by each engine from the same values, built anew for
// each page as a request builds them. Prints the time per page of each and their ratio.
// Usage: TemplateBench VIEWS_DIR MUSTACHE_DIR [PAGES]

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: TemplateBench VIEWS_DIR MUSTACHE_DIR [PAGES]\n".utf8))
    exit(64)
}
let pages = arguments.count > 3 ? Int(arguments[3]) ?? 20_000 : 20_000

/// What the feed page is given: plain Swift values, as the controller has them.
struct Chip { var label: String; var href: String; var selected: Bool }
struct Hidden { var name: String; var value: String }
let card = #"<li class="card"><a class="card-link" href="/listings/2f1c0d6e-8a43-4c1e-9d1b-5b1f1f0c2a11"><img src="/photos/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08-320.jpg" srcset="/photos/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08-320.jpg 320w, /photos/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08-640.jpg 640w" sizes="(min-width: 900px) 200px, 45vw" width="4032" height="3024" alt="Oak desk, barely used" class="tone-3a5" loading="lazy"><h2>Oak desk, barely used</h2><p class="price">$45.00</p><p class="meta">Good · Furniture</p><p class="meta">Sam S. · umich.edu · 2 hours ago</p></a><form method="post" action="/listings/2f1c0d6e/save" class="save"><input type="hidden" name="csrf" value="abc"><button type="submit" class="link">♡ Save</button></form></li>"#
let listings = String(repeating: card, count: 24)
let filterHTML = #"<div class="field"><label for="offer">Offer</label><select id="offer" name="offer"><option value="">Any</option><option value="buy">Buy</option><option value="rent">Rent</option><option value="trade">Trade</option></select></div>"#
let categories = ["Textbooks", "Notes", "Furniture", "Electronics", "Home appliances", "Sporting goods", "Outdoor", "Toys", "Clothing", "Other"]
let chips = [Chip(label: "All", href: "/?q=desk", selected: true)] + categories.map { Chip(label: $0, href: "/?q=desk&category=\($0.lowercased())", selected: false) }
let saveFields = [Hidden(name: "q", value: "desk"), Hidden(name: "maxPriceCents", value: "5000")]
let layout: [(String, Any)] = [
    ("title", "“desk”"), ("csrf", "q8Xk2mZ0n4VYbT1uWcR9"), ("viewerName", "Bea Buyer"), ("viewerID", "8c6f0a4e-2b1d-4f4f-9a55-0d2b9e7c1f3a"),
    ("unreadCount", 2), ("messageUnreadCount", 0), ("menuUnreadCount", 2), ("searchText", "desk"), ("timeZone", "EST"),
    ("styles", "/css/app.css?v=1a2b3c4d"), ("appScript", "/js/app.js?v=5e6f7a8b"), ("passkeysScript", "/js/passkeys.js?v=9c0d1e2f"),
    ("liveScript", "/js/live.js?v=3a4b5c6d"), ("isModerator", false), ("verificationRequired", false),
]

@MainActor func ourValues() -> TemplateValue {
    var layoutObject: [String: TemplateValue] = [:]
    for (key, value) in layout {
        switch value {
        case let text as String: layoutObject[key] = .string(text)
        case let number as Int: layoutObject[key] = .int(number)
        case let truth as Bool: layoutObject[key] = .bool(truth)
        default: break
        }
    }
    let page: [String: TemplateValue] = [
        "heading": .string("Results"), "q": .string("desk"), "category": .null, "view": .string("grid"),
        "chips": .array(chips.map { .object(["label": .string($0.label), "href": .string($0.href), "selected": .bool($0.selected)]) }),
        "filters": .array((0..<7).map { _ in .object(["html": .string(filterHTML)]) }),
        "clearHref": .string("/?q=desk"), "errors": .array([]), "summary": .string("24 listings for “desk”"),
        "saveSearch": .array(saveFields.map { .object(["name": .string($0.name), "value": .string($0.value)]) }),
        "listHref": .string("/?q=desk"), "gridHref": .string("/?q=desk&view=grid"), "suggestion": .null,
        "listings": .string(listings), "moreHref": .string("/?q=desk&view=grid&cursor=eyJzIjoxMjM0NX0"),
    ]
    return .object(["layout": .object(layoutObject), "page": .object(page)])
}

/// The same values for Mustache: dictionaries (its fastest reading; a struct is read through
/// `Mirror`), with the flags a logic-less template needs for Leaf's comparisons.
@MainActor func mustacheValues() -> [String: Any] {
    var layoutObject: [String: Any] = [:]
    for (key, value) in layout { layoutObject[key] = value }
    layoutObject["hasUnread"] = true
    layoutObject["hasMessageUnread"] = false
    layoutObject["hasMenuUnread"] = true
    let page: [String: Any] = [
        "heading": "Results", "q": "desk", "view": "grid", "isGrid": true, "isList": false,
        "chips": chips.map { ["label": $0.label, "href": $0.href, "selected": $0.selected] as [String: Any] },
        "filters": (0..<7).map { _ in ["html": filterHTML] },
        "clearHref": "/?q=desk", "errors": [String](), "summary": "24 listings for “desk”",
        "hasSaveSearch": true, "saveSearch": saveFields.map { ["name": $0.name, "value": $0.value] },
        "listHref": "/?q=desk", "gridHref": "/?q=desk&view=grid",
        "listings": listings, "moreHref": "/?q=desk&view=grid&cursor=eyJzIjoxMjM0NX0",
    ]
    return ["layout": layoutObject, "page": page]
}

/// The same values for LeafKit.
@MainActor func leafValues() -> [String: LeafData] {
    func leaf(_ value: TemplateValue) -> LeafData {
        switch value {
        case .null: .trueNil
        case .bool(let truth): .bool(truth)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(leaf))
        case .object(let fields): .dictionary(fields.mapValues(leaf))
        }
    }
    guard case .object(let fields) = ourValues() else { return [:] }
    return fields.mapValues(leaf)
}

/// The Views directory's files, for LeafKit.
struct Files: LeafSource {
    let root: String
    func file(template: String, escape: Bool, on eventLoop: any EventLoop) throws -> EventLoopFuture<ByteBuffer> {
        guard let data = FileManager.default.contents(atPath: root + "/" + template + ".leaf") else {
            return eventLoop.makeFailedFuture(LeafError(.noTemplateExists(template)))
        }
        return eventLoop.makeSucceededFuture(ByteBuffer(bytes: data))
    }
}

let ours = PageTemplates(directory: arguments[1])
var leafConfiguration = LeafConfiguration(rootDirectory: "/")
let leafKit = LeafRenderer(configuration: leafConfiguration, cache: DefaultLeafCache(), sources: .singleSource(Files(root: arguments[1])),
                           eventLoop: MultiThreadedEventLoopGroup.singleton.next())
let leafPage = try await leafKit.render(path: "feed", context: leafValues()).get()
guard ours.problems.isEmpty else { fatalError("\(ours.problems)") }
let mustache = try await MustacheLibrary(directory: arguments[2])

let ourPage = try ours.draw("feed", values: ourValues())
guard let mustachePage = mustache.render(mustacheValues(), withTemplate: "feed") else { fatalError("mustache: no feed template") }
// The same page, but for blank lines: Mustache drops a line that holds only a section tag.
func squeezed(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
}
let same = squeezed(String(buffer: ourPage)) == squeezed(mustachePage)
print("page: ours \(ourPage.readableBytes) bytes, mustache \(mustachePage.utf8.count) bytes; the same but for blank lines: \(same)")
print("LeafKit's page byte for byte ours: \(leafPage == ourPage)")

@MainActor func time(_ name: String, _ body: () async throws -> Int) async rethrows -> Double {
    var bytes = 0
    for _ in 0..<pages / 10 { bytes &+= try await body() }  // warm up
    let start = ContinuousClock.now
    for _ in 0..<pages { bytes &+= try await body() }
    let elapsed = ContinuousClock.now - start
    let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    let perPage = micros / Double(pages)
    print("\(name): \(String(format: "%.1f", perPage)) µs a page (\(bytes / (pages + pages / 10)) bytes each)")
    return perPage
}
var ourBest = Double.infinity, leafBest = Double.infinity, mustacheBest = Double.infinity
for round in 1...3 {
    print("round \(round)")
    ourBest = min(ourBest, try await time("  ours (values and drawing)") { try ours.draw("feed", values: ourValues()).readableBytes })
    leafBest = min(leafBest, try await time("  LeafKit (values and drawing)") { try await leafKit.render(path: "feed", context: leafValues()).get().readableBytes })
    mustacheBest = min(mustacheBest, await time("  swift-mustache (values and drawing)") { mustache.render(mustacheValues(), withTemplate: "feed")!.utf8.count })
}
print(String(format: "best of three, µs a page: ours %.1f, LeafKit %.1f (%.2f×), swift-mustache %.1f (%.2f×)",
             ourBest, leafBest, leafBest / ourBest, mustacheBest, mustacheBest / ourBest))
