import Crypto
import Foundation

/// AWS Signature Version 4, the signature every S3-compatible store (AWS S3, MinIO, Ceph,
/// Garage, Cloudflare R2) checks. Written here rather than taken from an SDK: none is carried,
/// and the algorithm is four hashes over a canonical text. Tested against AWS's published
/// vectors, step by step (canonical request, string to sign, signature).
struct SigV4Signer: Sendable {
    struct Credentials: Sendable {
        var accessKeyID: String
        var secretAccessKey: String
        /// `AWS_SESSION_TOKEN` of temporary credentials; signed as `x-amz-security-token`.
        var sessionToken: String?
    }

    /// A request as it is signed: the path as it is meant (not yet percent-encoded), the query
    /// as name/value pairs, the headers to sign (`host` among them) and the payload's SHA-256.
    struct Request: Sendable {
        var method: String
        var path: String
        var query: [(String, String)] = []
        var headers: [(String, String)]
        var payloadHash: String
    }

    let credentials: Credentials
    let region: String
    let service: String

    /// The SHA-256 of an empty payload (GET, HEAD, DELETE).
    static let emptyPayloadHash = SHA256.hash(data: [UInt8]()).hexString

    static func payloadHash(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).hexString }

    /// The headers to send with the request: `x-amz-date`, for S3 `x-amz-content-sha256`, the
    /// session token if any, and `Authorization`.
    func sign(_ request: Request, at date: Date) -> [(String, String)] {
        var added = [("x-amz-date", Self.timestamp(date))]
        if service == "s3" { added.append(("x-amz-content-sha256", request.payloadHash)) }
        if let token = credentials.sessionToken { added.append(("x-amz-security-token", token)) }
        var signed = request
        signed.headers += added
        return added + [("Authorization", authorization(signed, at: date))]
    }

    /// The `Authorization` header of a request whose headers already include `x-amz-date`.
    func authorization(_ request: Request, at date: Date) -> String {
        let canonical = canonicalRequest(request)
        let signature = signature(of: stringToSign(canonical, at: date), at: date)
        return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date)), "
            + "SignedHeaders=\(Self.signedHeaders(request.headers)), Signature=\(signature)"
    }

    // MARK: The steps, each tested against AWS's vectors

    func canonicalRequest(_ request: Request) -> String {
        let headers = Self.canonicalHeaders(request.headers)
        return [
            request.method,
            Self.encodePath(request.path),
            Self.canonicalQuery(request.query),
            headers.map { "\($0.0):\($0.1)\n" }.joined(),
            Self.signedHeaders(request.headers),
            request.payloadHash,
        ].joined(separator: "\n")
    }

    func stringToSign(_ canonicalRequest: String, at date: Date) -> String {
        ["AWS4-HMAC-SHA256", Self.timestamp(date), scope(date), SHA256.hash(data: Array(canonicalRequest.utf8)).hexString]
            .joined(separator: "\n")
    }

    func signature(of stringToSign: String, at date: Date) -> String {
        var key = SymmetricKey(data: Array(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [Self.day(date), region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key).hexString
    }

    func scope(_ date: Date) -> String { "\(Self.day(date))/\(region)/\(service)/aws4_request" }

    // MARK: Canonical forms

    /// Lower-case names, sorted; values trimmed with inner runs of spaces made one; a header
    /// given twice becomes one, its values joined by commas.
    static func canonicalHeaders(_ headers: [(String, String)]) -> [(String, String)] {
        var merged: [String: [String]] = [:]
        for (name, value) in headers {
            let trimmed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            merged[name.lowercased(), default: []].append(trimmed)
        }
        return merged.keys.sorted().map { ($0, merged[$0]!.joined(separator: ",")) }
    }

    static func signedHeaders(_ headers: [(String, String)]) -> String {
        canonicalHeaders(headers).map(\.0).joined(separator: ";")
    }

    /// Names and values percent-encoded, sorted by name, then by value.
    static func canonicalQuery(_ query: [(String, String)]) -> String {
        let encoded: [(name: String, value: String)] = query.map { (encode($0.0), encode($0.1)) }
        let sorted = encoded.sorted { (a, b) -> Bool in a.name == b.name ? a.value < b.value : a.name < b.name }
        return sorted.map { $0.name + "=" + $0.value }.joined(separator: "&")
    }

    /// Each segment encoded once, the slashes kept (S3's rule; our keys need no more).
    static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
    }

    /// RFC 3986: letters, digits and `-._~` stay, every other byte is `%XX` in upper case.
    static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// `20150830T123600Z`.
    static func timestamp(_ date: Date) -> String {
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return "\(pad(c.year!, 4))\(pad(c.month!))\(pad(c.day!))T\(pad(c.hour!))\(pad(c.minute!))\(pad(c.second!))Z"
    }

    static func day(_ date: Date) -> String { String(timestamp(date).prefix(8)) }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func pad(_ value: Int, _ width: Int = 2) -> String { String(value).leftPadded(to: width) }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
