import Foundation
import LeafKit
@testable import MarketServer
import NIOCore
import NIOPosix
import Testing

/// The pages are drawn by `PageTemplates`, not LeafKit: each case here is drawn by both, from
/// the same template and values, and must come out byte for byte the same.
@Suite("Web app: templates drawn as LeafKit draws them")
struct PageTemplatesTests {
    /// A value of any shape, for contexts written inline.
    indirect enum Datum: Encodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
        ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
        case text(String), number(Int), fraction(Double), truth(Bool), list([Datum]), object([String: Datum]), none

        init(stringLiteral value: String) { self = .text(value) }
        init(integerLiteral value: Int) { self = .number(value) }
        init(floatLiteral value: Double) { self = .fraction(value) }
        init(booleanLiteral value: Bool) { self = .truth(value) }
        init(arrayLiteral elements: Datum...) { self = .list(elements) }
        typealias Key = String
        typealias Value = Datum
        init(dictionaryLiteral elements: (String, Datum)...) { self = .object(Dictionary(uniqueKeysWithValues: elements)) }
        init(nilLiteral: ()) { self = .none }

        struct Name: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let value): var single = encoder.singleValueContainer(); try single.encode(value)
            case .number(let value): var single = encoder.singleValueContainer(); try single.encode(value)
            case .fraction(let value): var single = encoder.singleValueContainer(); try single.encode(value)
            case .truth(let value): var single = encoder.singleValueContainer(); try single.encode(value)
            case .none: var single = encoder.singleValueContainer(); try single.encodeNil()
            case .list(let items): var list = encoder.unkeyedContainer(); for item in items { try list.encode(item) }
            case .object(let fields):
                var object = encoder.container(keyedBy: Name.self)
                for (key, value) in fields { try object.encode(value, forKey: Name(stringValue: key)) }
            }
        }
    }

    struct Source: LeafSource {
        var files: [String: String]
        func file(template: String, escape: Bool, on eventLoop: any EventLoop) throws -> EventLoopFuture<ByteBuffer> {
            guard let text = files[template] else { return eventLoop.makeFailedFuture(LeafError(.noTemplateExists(template))) }
            return eventLoop.makeSucceededFuture(ByteBuffer(string: text))
        }
    }

    static let context: Datum = [
        "page": [
            "title": "Calculus <2nd> & \"notes\" it's “good”",
            "zero": 0, "one": 1, "two": 2, "empty": "", "no": "false", "yes": "true", "half": 0.5, "off": false, "on": true,
            "missing": nil, "none": [], "chips": [["label": "Books", "href": "/?c=1", "selected": true],
                                                  ["label": "Bikes & more", "href": "/?c=2", "selected": false]],
            "html": "<b>bold</b>", "nested": ["deeper": ["word": "found"]], "count": "3", "fields": ["a": 1, "b": 2],
            "tags": ["a", "b <c>", 1], "mixed": "élan Vital & co",
        ],
        "layout": ["viewerName": "Ada", "unread": 3],
    ]

    static let cases: [String] = [
        "plain text, no tags at all\n",
        "#(page.title) #(page.zero) #(page.half) #(page.on) [#(page.missing)] [#(page.nothing)] #(page.nested.deeper.word)",
        "#unsafeHTML(page.html) #unsafeHTML(page.title) #unsafeHTML(page.two)",
        "#if(page.zero):zero#endif #if(page.empty):empty#endif #if(page.no):no#endif #if(page.off):off#else:not off#endif",
        "#if(page.missing):m#elseif(page.none):none#else:else#endif #if(page.nothing):x#elseif(page.off):y#endif",
        "#if(!page.zero):a#endif #if(!page.one):b#endif #if(!page.two):c#endif #if(!page.no):d#endif #if(!page.empty):e#endif",
        "#if(!page.missing):f#endif #if(!page.off):g#endif #if(!page.yes):h#endif #if(!page.half):i#endif",
        "#if(page.on && page.one):a#endif #if(page.off || page.zero):b#endif #if(page.off || page.no):c#endif",
        "#if(layout.unread > 0):#(layout.unread) unread#endif #if(page.two < 10):lt#endif #if(page.count >= 3):ge#endif",
        "#if(page.title > page.empty):s#endif #if(page.missing > 0):never#else:nil compares false#endif",
        "#if(page.one == \"1\"):eq#endif #if(page.missing == nil):nil#endif #if(page.title != nil):set#endif #if(page.empty == \"\"):blank#endif",
        "#if(count(page.chips) > 1):many#endif #if(count(page.none) == 0):no items#endif #(count(page.fields))",
        "<ul>#for(chip in page.chips):<li class=\"#if(chip.selected):on#endif\">#(index) #(isFirst) #(isLast) #(chip.label)</li>#endfor</ul>",
        "#for(i, chip in page.chips):#(i)=#(chip.href);#for(inner in page.chips):#(inner.label)/#(chip.label) #endfor#endfor",
        "#for(page in page.chips):#(page.label)#endfor after: #(page.title)",
        "a link to <a href=\"#main\">#main</a>, a # alone, \\#(page.title) escaped, #(page.one): a colon",
        "emoji 😀 and #(layout.viewerName)\n\n  spaced  \n",
        "#lowercased(page.title) #uppercased(page.mixed) #capitalized(page.mixed) #uppercased(page.two) #count(page.chips) #count(page.fields)",
        "#isEmpty(page.empty) #isEmpty(page.title) #contains(page.tags, \"a\") #contains(page.tags, \"1\") #contains(page.tags, \"z\")",
        "#if(contains(page.tags, \"b <c>\")):has#endif #if(lowercased(page.yes) == \"true\"):t#endif #if(!isEmpty(page.title)):titled#endif",
        "before #comment:a note #(page.title) with #if(page.on):tags#endif inside#endcomment after",
    ]

    static func leafKitDrawing(_ files: [String: String], _ name: String, _ context: Datum) async throws -> String {
        let renderer = LeafRenderer(configuration: LeafConfiguration(rootDirectory: "/"), cache: DefaultLeafCache(),
                                    sources: .singleSource(Source(files: files)), eventLoop: MultiThreadedEventLoopGroup.singleton.next())
        return String(buffer: try await renderer.render(path: name, context: context).get())
    }

    static func drawing(_ files: [String: String], _ name: String, _ context: Datum) throws -> String? {
        let templates = PageTemplates(sources: files.mapValues { Array($0.utf8) })
        return try templates.draw(name, context).map { String(buffer: $0) }
    }

    @Test("values, conditions, comparisons and loops", arguments: cases)
    func sameAsLeafKit(template: String) async throws {
        let files = ["page": template]
        let leaf = try await Self.leafKitDrawing(files, "page", Self.context)
        let drawn = try Self.drawing(files, "page", Self.context)
        #expect(drawn == leaf)
    }

    @Test("a layout extended, its imports filled, a partial inlined, text around the blocks kept")
    func extendAndImport() async throws {
        let files = [
            "layout": "<title>#(layout.viewerName)</title>#extend(\"partials/nav\")<main>#import(\"content\")</main>#import(\"absent\")<footer/>\n",
            "partials/nav": "<nav>#if(layout.unread > 0):#(layout.unread)#endif #import(\"content\")</nav>",
            "page": "before\n#extend(\"layout\"):\nignored text\n#export(\"content\"):\n<h1>#(page.title)</h1>\n#endexport\n#endextend\nafter\n",
            "bare": "#extend(\"partials/nav\")!",
        ]
        for name in ["page", "bare", "layout"] {
            let leaf = try await Self.leafKitDrawing(files, name, Self.context)
            #expect(try Self.drawing(files, name, Self.context) == leaf, "\(name)")
        }
    }

    @Test("a template with a tag this reader does not know (#date, custom tags) is left to LeafKit, which still draws it")
    func unknownTagsGoToLeafKit() async throws {
        let files = ["date": "#date(page.one, \"yyyy\") and #(page.one)", "dump": "#dumpContext()",
                     "chain": "#if(page.on && page.one || page.two):x#endif", "with": "#with(page.nested):#(deeper.word)#endwith",
                     "uses": "#extend(\"date\")", "unclosed": "#if(page.on):open", "custom": "#myTag(page.one)",
                     "fine": "#(page.one)"]
        let templates = PageTemplates(sources: files.mapValues { Array($0.utf8) })
        #expect(Set(templates.leftToLeaf.keys) == ["date", "dump", "chain", "with", "uses", "unclosed", "custom"])
        #expect(try templates.draw("date", Self.context) == nil)
        #expect(try templates.draw("fine", Self.context).map { String(buffer: $0) } == "1")
        let leaf = try await Self.leafKitDrawing(files, "date", Self.context)
        #expect(leaf == "1970 and 1")
    }

    @Test("a value LeafKit writes its own way (a list) or refuses (the count of a text) leaves the page to LeafKit")
    func valuesLeftToLeafKit() throws {
        let templates = PageTemplates(sources: ["list": Array("#(page.chips)".utf8), "count": Array("#(count(page.title))".utf8),
                                                "loop": Array("#for(x in page.title):#(x)#endfor".utf8),
                                                "unsafe": Array("#unsafeHTML(page.missing)".utf8),
                                                "lower": Array("#lowercased(page.chips)".utf8),
                                                "contains": Array("#contains(page.title, \"a\")".utf8)])
        #expect(templates.leftToLeaf.isEmpty)
        for name in ["list", "count", "loop", "unsafe", "lower", "contains"] {
            #expect(try templates.draw(name, Self.context) == nil, "\(name)")
        }
    }

    @Test("every template that ships is drawn here, none left to LeafKit")
    func shippedTemplatesAllRead() throws {
        let templates = PageTemplates(directory: try WebFiles.locate(theme: nil).views)
        #expect(templates.leftToLeaf.isEmpty, "\(templates.leftToLeaf)")
        let feed = try templates.draw("feed", ["layout": ["title": "Books"], "page": ["view": "grid", "chips": [], "filters": [], "errors": [],
                                                                                  "listings": "<li>a card</li>"]] as Datum)
        #expect(feed.map { String(buffer: $0) }?.contains("<title>Books · CampusMarket</title>") == true)
    }
}
