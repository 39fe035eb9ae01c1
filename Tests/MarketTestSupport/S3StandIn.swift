import AsyncHTTPClient
import Foundation
@testable import MarketServer
import Vapor

/// The local S3-compatible server (`scripts/s3-stand-in.py`, moto), started once per test
/// process and gone with it. It checks every request's SigV4 signature as S3 does, so a test
/// that stores photos there proves the signer too. Each test gets a bucket of its own.
public actor S3StandIn {
    public static let shared = S3StandIn()

    /// Whether moto is installed (`pip install "moto[server]"`). CI installs it and sets
    /// `REQUIRE_S3_TESTS=1`, so there a missing stand-in fails instead of skipping the S3 cases.
    public static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["REQUIRE_S3_TESTS"] == "1" { return true }
        guard let python = try? ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import moto.server, boto3"],
                                             environment: ProcessInfo.processInfo.environment) else { return false }
        while python.isRunning { usleep(20_000) }
        return python.terminationStatus == 0
    }()

    public struct Server: Sendable {
        public let endpoint: String
        public let accessKeyID: String
        public let secretAccessKey: String
    }

    private var server: Server?
    private var process: ChildProcess?

    public func start() async throws -> Server {
        if let server { return server }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("s3-stand-in-\(UUID().uuidString).json")
        let script = PackageRoot.url.appendingPathComponent("scripts/s3-stand-in.py")
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--parent", String(getpid())],
                                     environment: ProcessInfo.processInfo.environment, stdout: output)
        process = child
        for _ in 0..<300 {
            if let data = FileManager.default.contents(atPath: output.path), let line = String(data: data, encoding: .utf8),
               line.hasSuffix("\n"), let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
               let endpoint = json["endpoint"], let key = json["accessKeyId"], let secret = json["secretAccessKey"] {
                let started = Server(endpoint: endpoint, accessKeyID: key, secretAccessKey: secret)
                server = started
                return started
            }
            guard child.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ChildProcessError(description: "the S3 stand-in did not start: is moto installed (pip install \"moto[server]\")?")
    }

    /// A new, empty bucket on the stand-in, as the photo store's settings.
    public static func newBucket(prefix: String = "") async throws -> S3Settings {
        let server = try await shared.start()
        let name = "test-" + UUID().uuidString.lowercased().prefix(18)
        let settings = S3Settings(bucket: String(name), prefix: prefix, endpoint: server.endpoint, region: "us-east-1",
                                  accessKeyID: server.accessKeyID, secretAccessKey: server.secretAccessKey)
        try await S3Client(settings: settings, http: .shared).createBucket()
        return settings
    }
}

/// Where a test's photos go: each case of a parameterized test runs on one.
public enum PhotoStoreKind: String, Sendable, CustomStringConvertible {
    case local, s3

    /// The local directory always; the S3 stand-in where moto is installed.
    public static var available: [PhotoStoreKind] { S3StandIn.isAvailable ? [.local, .s3] : [.local] }

    public var description: String { rawValue }
}

/// `withTestApp` with its photos in `store`.
public func withTestApp(photos store: PhotoStoreKind, clock: TestClock? = nil, adjust: (inout AppSettings) -> Void = { _ in },
                        _ test: (Application) async throws -> Void) async throws {
    var photoStore = AppSettings.PhotoStoreChoice.local
    if store == .s3 { photoStore = .s3(try await S3StandIn.newBucket()) }
    try await withTestApp(clock: clock, adjust: { settings in
        settings.photoStore = photoStore
        adjust(&settings)
    }, test)
}
