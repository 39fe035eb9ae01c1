import Foundation
import MarketTestSupport
import Testing

/// A type is found by its name: one of more than a few lines lives in a file of that name (or
/// `Name+Part.swift`). The types that do not yet are listed in Tests/layout/misnamed-types.txt,
/// a list that may only shrink: a new misnamed type fails here, and so does a listed one that was
/// moved (take it off the list).
@Suite("File names")
struct FileNamesTests {
    /// A type shorter than this may stay with its only user (a small private helper).
    static let fewLines = 12

    /// "path: Type" for every top-level type of more than `fewLines` lines in a file named for
    /// something else.
    static func misnamed() throws -> Set<String> {
        let sources = PackageRoot.url.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        let declaration = try Regex(#"^(?:@\w+(?:\([^)]*\))? )*(?:public |internal |final |private |fileprivate |open |indirect )*(?:final )?(?:struct|class|enum|actor|protocol) (\w+)"#)
        var found: Set<String> = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let base = String(file.split(separator: "/").last!.dropLast(6).prefix { $0 != "+" })
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard !line.hasSuffix("}"), let match = try declaration.prefixMatch(in: line),
                      let name = match.output[1].substring.map(String.init), name != base else { continue }
                let end = lines[(index + 1)...].firstIndex { $0.hasPrefix("}") } ?? index
                if end - index > fewLines { found.insert("Sources/\(file): \(name)") }
            }
        }
        return found
    }

    @Test("every type of more than a few lines lives in a file of its name, but for the listed ones, and the list only shrinks")
    func typesLiveInTheirFiles() throws {
        let listed = Set(try String(contentsOf: PackageRoot.url.appendingPathComponent("Tests/layout/misnamed-types.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") })
        let found = try Self.misnamed()
        #expect(found.subtracting(listed).sorted() == [], "put each in a file of its name")
        #expect(listed.subtracting(found).sorted() == [], "in a file of its name now: take it off Tests/layout/misnamed-types.txt")
    }
}
