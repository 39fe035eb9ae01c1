import Foundation
import MarketTestSupport
import Testing

/// The guides name the code in backticks (`SellerProfiles`, `PrivacySettings.publicName`,
/// `profile(of:)`): each name must be declared in Sources/ or Tests/, and a member must be
/// declared where its type is declared or extended, so a renamed type or a removed function
/// cannot leave a guide describing code that is not there.
@Suite("Docs name real code")
struct DocsNamesTests {
    /// The guides whose backticked names are checked (the history keeps names of code since gone).
    static var guides: [String] {
        DocsTests.markdownFiles.filter { !$0.hasSuffix("benchmarks-history.md") && !$0.hasSuffix("benchmarks.md") }
    }

    /// Names from Swift, Foundation, Vapor, HTTP, systemd and APNs the guides mention as such.
    static let outside: Set<String> = ["Date", "Decodable", "Encodable", "Codable", "Bundle", "RouteCollection", "Process", "ETag",
                                       "MarketClient", "MarketCore", "MarketServer", "Sendable", "URLSession", "Observable",
                                       "DynamicUser", "NoNewPrivileges", "Unregistered", "TooManyRequests", "Vary"]

    /// Every Swift file of Sources/ and Tests/, read once.
    static let code: [(path: String, text: String)] = {
        ["Sources", "Tests"].flatMap { folder in
            ((try? DocsTests.repositoryFiles(under: folder)) ?? []).filter { $0.hasSuffix(".swift") }
                .compactMap { path in (try? DocsTests.text(path)).map { (path, $0) } }
        }
    }()

    /// Each declared (or extended) type, and the files that declare or extend it.
    static let declaringFiles: [String: Set<Int>] = {
        var files: [String: Set<Int>] = [:]
        for (index, file) in code.enumerated() {
            for match in file.text.matches(of: /(?:struct|class|enum|protocol|actor|typealias|extension)\s+(?:[A-Z][A-Za-z0-9_]*\.)*([A-Z][A-Za-z0-9_]*)/) {
                files[String(match.1), default: []].insert(index)
            }
        }
        return files
    }()

    static let declaredTypes = Set(declaringFiles.keys)

    static let declaredFunctions: Set<String> = Set(code.flatMap { file in
        file.text.matches(of: /func\s+([a-zA-Z_][A-Za-z0-9_]*)/).map { String($0.1) }
    })

    /// Members declared in the files that declare or extend `type`.
    static func members(of type: String) -> Set<String> {
        let declaring = (declaringFiles[type] ?? []).map { code[$0] }
        return Set(declaring.flatMap { file in
            file.text.matches(of: /(?:func|var|let|case|struct|enum|class|typealias|actor)\s+`?([a-zA-Z_][A-Za-z0-9_]*)/).map { String($0.1) }
        } + (declaring.isEmpty ? [] : ["init"]))
    }

    /// What is wrong with one backticked span, or nil when it names nothing checked or something real.
    static func problem(_ span: String, members: inout [String: Set<String>]) -> String? {
        if let match = span.wholeMatch(of: /([A-Z][A-Za-z0-9]*)(?:\.([a-zA-Z_][A-Za-z0-9_]*))?(?:\(.*\))?/) {
            let type = String(match.1)
            // An environment variable, an SQL word, an HTTP method: not Swift.
            if type.count > 1, type.allSatisfy({ $0.isUppercase || $0.isNumber }) { return nil }
            if outside.contains(type) || type.hasSuffix("Tests") && declaredTypes.contains(type) { return nil }
            if ["swift", "md", "yaml", "leaf", "json", "py", "sh"].contains(match.2.map(String.init) ?? "") { return nil }  // a file: DocsTests checks paths
            guard declaredTypes.contains(type) else { return "no type \(type)" }
            if let member = match.2.map(String.init) {
                if members[type] == nil { members[type] = Self.members(of: type) }
                if members[type]?.contains(member) != true { return "\(type) has no \(member)" }
            }
            return nil
        }
        if let match = span.wholeMatch(of: /([a-z][A-Za-z0-9_]*)\((?:[a-zA-Z_]+:)*\)?.*/), !declaredFunctions.contains(String(match.1)) {
            return "no function \(match.1)"
        }
        return nil
    }

    @Test("every Type, Type.member and function( a guide names in backticks is declared in the code", arguments: guides)
    func namesExist(_ guide: String) throws {
        let text = try DocsTests.text(guide)
        var members: [String: Set<String>] = [:]
        let problems = text.matches(of: /`([^`\n]+)`/).compactMap { span in Self.problem(String(span.1), members: &members).map { "`\(span.1)`: \($0)" } }
        #expect(problems.isEmpty, "\(guide) names code that is not there: \(Set(problems).sorted())")
    }

    /// Settings the guides name that the code never reads by that name: Vapor's own, and Linux's.
    static let readElsewhere: Set<String> = ["LOG_LEVEL", "SCHED_IDLE"]

    @Test("every setting a guide names (`SIGNUP_BY_MAIL`) is read by that name in the code", arguments: guides)
    func settingsExist(_ guide: String) throws {
        let literals = Set(Self.code.flatMap { $0.text.matches(of: /"([A-Z][A-Z0-9]*_[A-Z0-9_]+)"/).map { String($0.1) } })
        let named = Set(try DocsTests.text(guide).matches(of: /`([A-Z][A-Z0-9]*_[A-Z0-9_]+)(?:=[^`]*)?`/).map { String($0.1) })
        let unread = named.subtracting(literals).subtracting(Self.readElsewhere)
        #expect(unread.isEmpty, "\(guide) names settings nothing reads: \(unread.sorted())")
    }

    /// What comments name as such beyond the guides' words: Swift's, Foundation's, Vapor's, NIO's,
    /// Postgres's, Apple's frameworks, the browser's, S3's error codes and HTTP headers, and
    /// closure parameters and SQL written in a comment.
    static let outsideInComments: Set<String> = [
        "EventSource", "Calendar", "FileMiddleware", "Allow", "Middleware", "AsyncMiddleware", "NoSuchBucket", "AccessDenied",
        "SignatureDoesNotMatch", "Authorization", "Double", "Append", "NSString", "NIOThreadPool", "TracingMiddleware",
        "DirectoryConfiguration", "PostgresPreparedStatement", "EndpointCache", "Error", "PublicKeyCredential",
        "ASAuthorizationPlatformPublicKeyCredentialProvider", "ASAuthorizationAppleIDRequest", "OSStatus", "URLSessionTask",
        "CancellationError", "AsyncSequence",
        "asyncBoot", "making", "toISOString", "x", "t", "init", "application", "registerForRemoteNotifications",
    ]

    @Test("every Type, Type.member and function( a comment in Sources/ names in backticks is declared in the code")
    func commentsNameRealCode() throws {
        var members: [String: Set<String>] = [:]
        var problems: [String] = []
        for file in Self.code where file.path.hasPrefix("Sources/") {
            for line in file.text.split(separator: "\n") {
                guard let comment = line.range(of: "//") else { continue }
                for span in line[comment.upperBound...].matches(of: /`([^`\n]+)`/) {
                    let name = span.1.prefix { $0.isLetter || $0.isNumber }
                    if Self.outsideInComments.contains(String(name)) { continue }
                    if let problem = Self.problem(String(span.1), members: &members) { problems.append("\(file.path): `\(span.1)`: \(problem)") }
                }
            }
        }
        #expect(problems.isEmpty, "comments name code that is not there:\n\(problems.joined(separator: "\n"))")
    }
}

