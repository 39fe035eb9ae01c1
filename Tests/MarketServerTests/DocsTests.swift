import Foundation
import MarketTestSupport
import Testing

/// The README is a front page and the docs a map that stays true: links resolve, the
/// architecture page names only files that exist, and no comment cites a document the
/// repository does not hold.
@Suite("Docs")
struct DocsTests {
    static let root = PackageRoot.url

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static var markdownFiles: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }.sorted()
    }

    @Test("the README is a front page, a three-minute read: under 90 lines (the whole list is docs/features.md)")
    func readmeIsShort() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines < 90, "README.md has \(lines) lines")
    }

    @Test("docs/benchmarks.md is a dashboard: at most 400 lines, the targets' table first; the runs behind it go to the history")
    func benchmarksAreADashboard() throws {
        let text = try Self.text("docs/benchmarks.md")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 400, "docs/benchmarks.md has \(lines.count) lines: move runs and profiles to benchmarks-history.md")
        let headings = lines.filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## The targets", "the first section is \(headings.first ?? "none")")
    }

    /// The root's openapi.yaml is what the server serves: a link, never a copy (`sed -i` on the
    /// link once replaced it with a file that drifted from the served document).
    @Test("openapi.yaml at the root is a link to the document the server serves")
    func openAPIIsALink() throws {
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: Self.root.appendingPathComponent("openapi.yaml").path)
        #expect(target == "Sources/MarketServer/Resources/openapi.yaml")
    }

    @Test("every relative link and image in the README and docs/ resolves", arguments: markdownFiles)
    func linksResolve(_ file: String) throws {
        let text = try Self.text(file)
        let base = Self.root.appendingPathComponent(file).deletingLastPathComponent()
        var targets = text.matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }
        targets += text.matches(of: /src="([^"]+)"/).map { String($0.1) }
        let relative = targets.filter { !$0.hasPrefix("http") && !$0.hasPrefix("#") && !$0.hasPrefix("mailto:") }
        #expect(!relative.isEmpty || file.hasPrefix("docs/benchmarks"), "\(file) links nowhere")
        for target in relative {
            let path = String(target.split(separator: "#", maxSplits: 1)[0])
            #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path), "\(file): \(target) does not resolve")
        }
    }

    @Test("docs/ARCHITECTURE.md names only files and folders that exist")
    func architecturePathsExist() throws {
        let text = try Self.text("docs/ARCHITECTURE.md")
        let names = Set(try Self.repositoryFileNames())
        let quoted = text.matches(of: /`([^`\s]+)`/).map { String($0.1) }
        let extensions = [".swift", ".md", ".leaf", ".yaml", ".sh", ".py", ".css", ".js"]
        var checked = 0
        for token in quoted {
            let looksLikePath = token.contains("/") && !token.contains("<") && !token.hasPrefix("/api") && !token.hasPrefix("/texttrader")
            let looksLikeFile = extensions.contains { token.hasSuffix($0) }
            guard (looksLikePath || looksLikeFile), !token.contains("<") else { continue }
            checked += 1
            let path = token.hasSuffix("/") ? String(token.dropLast()) : token
            if token.contains("/") {
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "ARCHITECTURE.md names \(token), which does not exist")
            } else {
                #expect(names.contains(path), "ARCHITECTURE.md names \(token), and no file has that name")
            }
        }
        #expect(checked >= 30, "only \(checked) paths found: did the page lose its map?")
    }

    @Test("every migration configure.swift runs has its row, saying why, in ARCHITECTURE.md's table")
    func everyMigrationIsMapped() throws {
        let configure = try Self.text("Sources/MarketServer/configure.swift")
        let migrations = configure.matches(of: /app\.migrations\.add\((\w+)\(/).map { String($0.1) }
        #expect(migrations.count >= 40, "only \(migrations.count) migrations found: did configure.swift move them?")
        let table = try Self.text("docs/ARCHITECTURE.md").split(separator: "\n").filter { $0.hasPrefix("| `") }
        for migration in migrations {
            #expect(table.contains { $0.contains("`\(migration)`") }, "ARCHITECTURE.md's migrations table has no row for \(migration)")
        }
    }

    @Test("no source file cites a document the repository does not hold")
    func citationsResolve() throws {
        for name in try Self.repositoryFiles(under: "Sources") where name.hasSuffix(".swift") {
            let text = try Self.text(name)
            #expect(!text.contains("DESIGN.md"), "\(name) cites DESIGN.md, which is not in the repository")
            for match in text.matches(of: /docs\/([A-Za-z-]+\.md)/) {
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("docs/\(match.1)").path),
                        "\(name) cites docs/\(match.1), which does not exist")
            }
        }
    }

    @Test("no source file is over 300 lines: one concept to a file, small enough to read at once")
    func sourceFilesAreSmall() throws {
        for name in try Self.repositoryFiles(under: "Sources") where name.hasSuffix(".swift") {
            let lines = try Self.text(name).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 300, "\(name) has \(lines) lines")
        }
    }

    /// Paths under `folder`, relative to the repository's root.
    static func repositoryFiles(under folder: String) throws -> [String] {
        let start = root.appendingPathComponent(folder)
        let all = FileManager.default.enumerator(atPath: start.path)?.allObjects as? [String] ?? []
        return all.map { "\(folder)/\($0)" }
    }

    static func repositoryFileNames() throws -> [String] {
        let top = try FileManager.default.contentsOfDirectory(atPath: root.path)
        return try top + ["Sources", "Tests", "tests", "Resources", "Public", "bench", "scripts", "docs"].flatMap { try repositoryFiles(under: $0) }
            .map { ($0 as NSString).lastPathComponent }
    }
}
