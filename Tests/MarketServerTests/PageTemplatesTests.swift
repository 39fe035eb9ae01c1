import Foundation
@testable import MarketServer
import NIOCore
import Testing

/// What the templates' language means: each case a template, the values it is given, and the
/// page it draws. The expected pages are what LeafKit drew from the same template and values
/// while it was the second engine (until `5138acb`): the language kept Leaf's meaning.
@Suite("Web app: the templates' language")
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

    static let cases: [(template: String, drawn: String)] = [
        ("plain text, no tags at all\n",
         "plain text, no tags at all\n"),
        ("#(page.title) #(page.zero) #(page.half) #(page.on) [#(page.missing)] [#(page.nothing)] #(page.nested.deeper.word)",
         "Calculus &lt;2nd&gt; &amp; &quot;notes&quot; it&#39;s “good” 0 0.5 true [] [] found"),
        ("#unsafeHTML(page.html) #unsafeHTML(page.title) #unsafeHTML(page.two)",
         "<b>bold</b> Calculus <2nd> & \"notes\" it\'s “good” 2"),
        ("#if(page.zero):zero#endif #if(page.empty):empty#endif #if(page.no):no#endif #if(page.off):off#else:not off#endif",
         "zero empty no not off"),
        ("#if(page.missing):m#elseif(page.none):none#else:else#endif #if(page.nothing):x#elseif(page.off):y#endif",
         "none "),
        ("#if(!page.zero):a#endif #if(!page.one):b#endif #if(!page.two):c#endif #if(!page.no):d#endif #if(!page.empty):e#endif",
         "a   d "),
        ("#if(!page.missing):f#endif #if(!page.off):g#endif #if(!page.yes):h#endif #if(!page.half):i#endif",
         "f g  "),
        ("#if(page.on && page.one):a#endif #if(page.off || page.zero):b#endif #if(page.off || page.no):c#endif",
         "a  "),
        ("#if(layout.unread > 0):#(layout.unread) unread#endif #if(page.two < 10):lt#endif #if(page.count >= 3):ge#endif",
         "3 unread lt ge"),
        ("#if(page.title > page.empty):s#endif #if(page.missing > 0):never#else:nil compares false#endif",
         "s nil compares false"),
        ("#if(page.one == \"1\"):eq#endif #if(page.missing == nil):nil#endif #if(page.title != nil):set#endif #if(page.empty == \"\"):blank#endif",
         "eq nil set blank"),
        ("#if(count(page.chips) > 1):many#endif #if(count(page.none) == 0):no items#endif #(count(page.fields))",
         "many no items 2"),
        ("<ul>#for(chip in page.chips):<li class=\"#if(chip.selected):on#endif\">#(index) #(isFirst) #(isLast) #(chip.label)</li>#endfor</ul>",
         "<ul><li class=\"on\">0 true false Books</li><li class=\"\">1 false true Bikes &amp; more</li></ul>"),
        ("#for(i, chip in page.chips):#(i)=#(chip.href);#for(inner in page.chips):#(inner.label)/#(chip.label) #endfor#endfor",
         "0=/?c=1;Books/Books Bikes &amp; more/Books 1=/?c=2;Books/Bikes &amp; more Bikes &amp; more/Bikes &amp; more "),
        ("#for(page in page.chips):#(page.label)#endfor after: #(page.title)",
         "BooksBikes &amp; more after: Calculus &lt;2nd&gt; &amp; &quot;notes&quot; it&#39;s “good”"),
        ("a link to <a href=\"#main\">#main</a>, a # alone, \\#(page.title) escaped, #(page.one): a colon",
         "a link to <a href=\"#main\">#main</a>, a # alone, #(page.title) escaped, 1: a colon"),
        ("emoji 😀 and #(layout.viewerName)\n\n  spaced  \n",
         "emoji 😀 and Ada\n\n  spaced  \n"),
        ("#lowercased(page.title) #uppercased(page.mixed) #capitalized(page.mixed) #uppercased(page.two) #count(page.chips) #count(page.fields)",
         "calculus &lt;2nd&gt; &amp; &quot;notes&quot; it&#39;s “good” ÉLAN VITAL &amp; CO Élan Vital &amp; Co 2 2 2"),
        ("#isEmpty(page.empty) #isEmpty(page.title) #contains(page.tags, \"a\") #contains(page.tags, \"1\") #contains(page.tags, \"z\")",
         "true false true true false"),
        ("#if(contains(page.tags, \"b <c>\")):has#endif #if(lowercased(page.yes) == \"true\"):t#endif #if(!isEmpty(page.title)):titled#endif",
         "has t titled"),
        ("before #comment:a note #(page.title) with #if(page.on):tags#endif inside#endcomment after",
         "before  after"),
    ]

    static func drawing(_ files: [String: String], _ name: String, _ context: Datum) throws -> String {
        let templates = PageTemplates(sources: files.mapValues { Array($0.utf8) })
        return String(buffer: try templates.draw(name, context))
    }

    @Test("values, conditions, comparisons and loops", arguments: cases)
    func drawsAsLeafDid(template: String, drawn: String) throws {
        #expect(try Self.drawing(["page": template], "page", Self.context) == drawn)
    }

    @Test("a layout extended, its imports filled, a partial inlined, text around the blocks kept")
    func extendAndImport() throws {
        let files = [
            "layout": "<title>#(layout.viewerName)</title>#extend(\"partials/nav\")<main>#import(\"content\")</main>#import(\"absent\")<footer/>\n",
            "partials/nav": "<nav>#if(layout.unread > 0):#(layout.unread)#endif #import(\"content\")</nav>",
            "page": "before\n#extend(\"layout\"):\nignored text\n#export(\"content\"):\n<h1>#(page.title)</h1>\n#endexport\n#endextend\nafter\n",
            "bare": "#extend(\"partials/nav\")!",
        ]
        let drawn = ["page": "before\n<title>Ada</title><nav>3 \n<h1>Calculus &lt;2nd&gt; &amp; &quot;notes&quot; it&#39;s “good”</h1>\n</nav><main>\n<h1>Calculus &lt;2nd&gt; &amp; &quot;notes&quot; it&#39;s “good”</h1>\n</main><footer/>\n\nafter\n",
                     "bare": "<nav>3 </nav>!",
                     "layout": "<title>Ada</title><nav>3 </nav><main></main><footer/>\n"]
        for (name, page) in drawn {
            #expect(try Self.drawing(files, name, Self.context) == page, "\(name)")
        }
    }

    @Test("a template using what the language does not have (#date, custom tags, chains) is named with why; the others draw")
    func unknownTagsNamed() throws {
        let files = ["date": "#date(page.one, \"yyyy\") and #(page.one)", "dump": "#dumpContext()",
                     "chain": "#if(page.on && page.one || page.two):x#endif", "with": "#with(page.nested):#(deeper.word)#endwith",
                     "uses": "#extend(\"date\")", "unclosed": "#if(page.on):open", "custom": "#myTag(page.one)",
                     "fine": "#(page.one)"]
        let templates = PageTemplates(sources: files.mapValues { Array($0.utf8) })
        #expect(Set(templates.problems.keys) == ["date", "dump", "chain", "with", "uses", "unclosed", "custom"])
        #expect(templates.problems["date"]?.contains("date") == true)
        #expect(throws: TemplateError.self) { try templates.draw("date", Self.context) }
        #expect(String(buffer: try templates.draw("fine", Self.context)) == "1")
    }

    @Test("a value that is not what the expression needs is a TemplateError naming the template; nil and a missing list draw nothing")
    func valuesThatDoNotFit() throws {
        let templates = PageTemplates(sources: ["list": Array("#(page.chips)".utf8), "count": Array("#(count(page.title))".utf8),
                                                "loop": Array("#for(x in page.title):#(x)#endfor".utf8),
                                                "lower": Array("#lowercased(page.chips)".utf8),
                                                "contains": Array("#contains(page.title, \"a\")".utf8),
                                                "unsafe": Array("[#unsafeHTML(page.missing)]".utf8),
                                                "absent": Array("[#for(x in page.nothing):#(x)#endfor]".utf8)])
        #expect(templates.problems.isEmpty)
        for name in ["list", "count", "loop", "lower", "contains"] {
            #expect { try templates.draw(name, Self.context) } throws: { ($0 as? TemplateError)?.description.hasPrefix(name + ":") == true }
        }
        #expect(String(buffer: try templates.draw("unsafe", Self.context)) == "[]")
        #expect(String(buffer: try templates.draw("absent", Self.context)) == "[]")
    }

    @Test("every template that ships is read")
    func shippedTemplatesAllRead() throws {
        let templates = PageTemplates(directory: try WebFiles.locate(theme: nil).views, languages: [.english])
        #expect(templates.problems.isEmpty, "\(templates.problems)")
        let feed = try templates.draw("feed", ["layout": ["title": "Books"], "page": ["view": "grid", "chips": [], "filters": [], "errors": [],
                                                                                  "listings": "<li>a card</li>"]] as Datum)
        #expect(String(buffer: feed).contains("<title>Books · CampusMarket</title>"))
    }
}
