import Foundation
import MarketCore
@testable import MarketServer
import Testing

/// The release is the executable and the resource bundle SwiftPM puts beside it: copied anywhere
/// and started from any directory, it serves every page; without the bundle it says so.
@Suite("A binary that stands alone", .serialized)
struct StandaloneBinaryTests {
    /// `campusmarket` (and a copy of its bundle, when `withBundle`) in a directory of its own.
    /// The executable is a hard link in a directory beside the build's, not a copy: the process
    /// looks for its bundle beside the path it was started by, exactly as for a copy, and
    /// copying the 200 MB debug executable took over a minute on a busy CI machine.
    static func copy(withBundle: Bool) throws -> URL {
        let built = ServerProcesses.executable
        let place = built.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("release-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        if link(built.path, place.appendingPathComponent("campusmarket").path) != 0 {
            try FileManager.default.copyItem(at: built, to: place.appendingPathComponent("campusmarket"))
        }
        if withBundle {  // the web app's files, and MarketCore's (the words' catalog)
            for name in [WebFiles.bundleName, CatalogLocation.bundleName] {
                try FileManager.default.copyItem(at: built.deletingLastPathComponent().appendingPathComponent(name), to: place.appendingPathComponent(name))
            }
        }
        return place
    }

    @Test("a copy of the executable and its bundle, started elsewhere, serves pages, styles and openapi.yaml")
    func copiedRelease() async throws {
        let place = try Self.copy(withBundle: true)
        defer { try? FileManager.default.removeItem(at: place) }
        let servers = try await ServerProcesses.start(count: 1, executable: place.appendingPathComponent("campusmarket"))
        defer { Task { await servers.stop() } }
        let base = try #require(servers.baseURLs.first)

        for (path, expected) in [("/", "Campus marketplace"), ("/signin", "Sign in"), ("/css/app.css", "{"), ("/openapi.yaml", "openapi:")] {
            let (status, body) = try await httpRequest("GET", URL(string: base + path)!)
            #expect(status == 200, "\(path)")
            #expect(String(decoding: body, as: UTF8.self).contains(expected), "\(path)")
        }
        await servers.stop()
    }

    @Test("the executable copied without its bundle stops with one sentence naming it")
    func missingBundle() async throws {
        let place = try Self.copy(withBundle: false)
        defer { try? FileManager.default.removeItem(at: place) }
        let outcome = try await OperatorErrorTests.run(["serve", "--port", "8097"], in: place, timeout: 30,
                                                       executable: place.appendingPathComponent("campusmarket"))
        #expect(outcome.status == 1)
        #expect(OperatorErrorTests.sentence(outcome).count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(WebFiles.bundleName))
    }

    @Test("THEME_DIR serves other templates; one without Views/layout.leaf is one sentence")
    func theme() async throws {
        let theme = FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-theme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: theme) }
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        let bad = try await OperatorErrorTests.run(["serve", "--port", "8098"], environment: ["THEME_DIR": theme.path], timeout: 30)
        #expect(bad.status == 1)
        #expect(OperatorErrorTests.sentence(bad) == ["campusmarket: THEME_DIR must be a directory with Views/layout.leaf (and optionally Public/), not '\(theme.path)'"])

        let shipped = URL(fileURLWithPath: try WebFiles.locate(theme: nil).views)
        try FileManager.default.copyItem(at: shipped, to: theme.appendingPathComponent("Views"))
        let layout = theme.appendingPathComponent("Views/layout.leaf")
        let text = try String(contentsOf: layout, encoding: .utf8)
        try text.replacingOccurrences(of: "</footer>", with: "<p>Run by the Student Union</p></footer>").write(to: layout, atomically: true, encoding: .utf8)
        let servers = try await ServerProcesses.start(count: 1, environment: ["THEME_DIR": theme.path])
        let (status, body) = try await httpRequest("GET", URL(string: servers.baseURLs[0] + "/")!)
        await servers.stop()
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("Run by the Student Union"))
    }
}
