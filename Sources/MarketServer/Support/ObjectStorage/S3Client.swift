import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The few calls of the S3 API photos need — put, head, get, delete, list, and creating a
/// bucket (tests and first set-up) — signed with SigV4 over async-http-client.
struct S3Client: Sendable {
    let settings: S3Settings
    let http: HTTPClient
    /// A request that takes longer is an unreachable store.
    var timeout: TimeAmount = .seconds(30)

    struct Failure: Error, CustomStringConvertible {
        var status: Int
        /// S3's error code (`NoSuchBucket`, `AccessDenied`, `SignatureDoesNotMatch`…).
        var code: String
        var description: String { "the store answered \(status) \(code)" }
    }

    struct Object: Sendable {
        var key: String
        var lastModified: Date
    }

    private var signer: SigV4Signer { SigV4Signer(credentials: settings.credentials, region: settings.region, service: "s3") }

    func put(_ key: String, _ bytes: [UInt8], contentType: String) async throws {
        let response = try await send("PUT", key: key, headers: [("Content-Type", contentType)], body: bytes)
        try await expectSuccess(consuming: response)
    }

    /// The object's size, nil when there is none.
    func head(_ key: String) async throws -> Int? {
        let response = try await send("HEAD", key: key)
        if response.status == .notFound { _ = try await read(response); return nil }
        try await expectSuccess(consuming: response)
        return response.headers.first(name: "content-length").flatMap(Int.init)
    }

    /// The object's response, its body not yet read (to stream it on); nil when there is none.
    func get(_ key: String) async throws -> HTTPClientResponse? {
        let response = try await send("GET", key: key)
        if response.status == .notFound { _ = try await read(response); return nil }
        guard response.status == .ok else { try await expectSuccess(consuming: response); return nil }
        return response
    }

    func delete(_ key: String) async throws {
        let response = try await send("DELETE", key: key)
        if response.status == .notFound { _ = try await read(response); return }
        try await expectSuccess(consuming: response)
    }

    /// Every object under the settings' prefix, a thousand a request (ListObjectsV2).
    func list() async throws -> [Object] {
        var objects: [Object] = []
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", listPrefix)]
            if let token { query.append(("continuation-token", token)) }
            let response = try await send("GET", key: nil, query: query)
            let body = try await read(response)
            guard response.status == .ok else { throw failure(response.status, body) }
            let page = S3ListPage(xml: body)
            objects += page.objects.filter { $0.key.hasPrefix(settings.prefix) }
                .map { Object(key: String($0.key.dropFirst(settings.prefix.count)), lastModified: $0.lastModified) }
            token = page.nextToken
        } while token != nil
        return objects
    }

    /// The prefix without its closing slash: moto (the stand-in tests run against) refuses the
    /// signature of a query with an encoded slash, even boto3's; keys are filtered here instead.
    private var listPrefix: String { settings.prefix.hasSuffix("/") ? String(settings.prefix.dropLast()) : settings.prefix }

    /// Reads one key of the bucket: proves the endpoint, the bucket and the credentials.
    func probe() async throws {
        let response = try await send("GET", key: nil, query: [("list-type", "2"), ("max-keys", "1"), ("prefix", listPrefix)])
        try await expectSuccess(consuming: response)
    }

    func createBucket() async throws {
        let body = settings.region == "us-east-1" ? [] : Array("""
            <CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><LocationConstraint>\(settings.region)</LocationConstraint></CreateBucketConfiguration>
            """.utf8)
        let response = try await send("PUT", key: nil, body: body)
        try await expectSuccess(consuming: response)
    }

    // MARK: Requests

    private func send(_ method: String, key: String?, query: [(String, String)] = [], headers: [(String, String)] = [],
                      body: [UInt8] = []) async throws -> HTTPClientResponse {
        guard let origin = URLComponents(string: settings.origin), let host = origin.host else { throw Failure(status: 0, code: "BadEndpoint") }
        let hostHeader = origin.port.map { "\(host):\($0)" } ?? host
        let path = settings.path(of: key)
        let signing = SigV4Signer.Request(method: method, path: path, query: query, headers: headers + [("host", hostHeader)],
                                          payloadHash: SigV4Signer.payloadHash(body))
        let signed = signer.sign(signing, at: Date())  // real time: stores refuse a skewed clock
        var request = HTTPClientRequest(url: settings.origin + SigV4Signer.encodePath(path)
            + (query.isEmpty ? "" : "?" + SigV4Signer.canonicalQuery(query)))
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers + signed { request.headers.add(name: name, value: value) }
        if !body.isEmpty || method == "PUT" {
            request.headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        return try await http.execute(request, timeout: timeout)
    }

    private func read(_ response: HTTPClientResponse) async throws -> String {
        let buffer = try await response.body.collect(upTo: 4 * 1024 * 1024)
        return String(buffer: buffer)
    }

    /// Reads the (small) body, so the connection goes back to the pool, and throws S3's error.
    private func expectSuccess(consuming response: HTTPClientResponse) async throws {
        let body = try await read(response)
        guard (200..<300).contains(Int(response.status.code)) else { throw failure(response.status, body) }
    }

    private func failure(_ status: HTTPResponseStatus, _ body: String) -> Failure {
        Failure(status: Int(status.code), code: S3ListPage.value(of: "Code", in: body) ?? status.reasonPhrase)
    }
}
