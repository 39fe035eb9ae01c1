import Foundation
import MarketClient
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// The README's SDK sample is this code: it compiles with the suite, runs against a live server,
/// and the test fails if the README's copy drifts from it.
@Suite("README")
struct ReadmeSnippetTests {
    @Test("the SDK sample in the README compiles, runs against a live server, and is the README's text")
    func sdkSample() async throws {
        try await withTestApp { app in
            try await app.register(email: "ada@campus.edu", password: "correct horse battery", name: "Ada")
            try await app.withLiveServer { server in
                let serverURL = server
                // README:begin
                let client = APIClient(baseURL: serverURL)
                let auth: AuthResponse = try await client.send(AuthEndpoint.login(
                    LoginRequest(email: "ada@campus.edu", password: "correct horse battery")))
                let signedIn = APIClient(baseURL: serverURL, tokenProvider: { auth.token })
                let me: UserProfile = try await signedIn.send(ProfileEndpoint.show)
                let desks: ListingPage = try await client.send(ListingEndpoint.search(ListingQuery(text: "desk")))
                // README:end
                #expect(me.name == "Ada")
                #expect(desks.items.isEmpty)
            }
        }
        #expect(try Self.readmeSample() == Self.ownSample())
    }

    static var packageRoot: URL { ServerProcesses.packageRoot }

    /// The lines between the README markers in this file, without their indentation.
    static func ownSample() throws -> [String] {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
        guard let begin = source.firstIndex(where: { $0.hasSuffix("// README:begin") }),
              let end = source.firstIndex(where: { $0.hasSuffix("// README:end") }) else { throw TestFailure("markers missing") }
        return dedent(Array(source[(begin + 1)..<end]))
    }

    /// The first ```swift block after the README's "## The SDK" heading.
    static func readmeSample() throws -> [String] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8).components(separatedBy: "\n")
        guard let heading = readme.firstIndex(of: "## The SDK"),
              let open = readme[heading...].firstIndex(of: "```swift"),
              let close = readme[(open + 1)...].firstIndex(of: "```") else { throw TestFailure("README has no SDK sample") }
        return dedent(Array(readme[(open + 1)..<close]))
    }

    static func dedent(_ lines: [String]) -> [String] {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { String($0.dropFirst(indent)) }
    }
}
