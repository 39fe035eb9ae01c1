import Foundation

/// Where an S3-compatible bucket is and how to sign for it: `PHOTO_STORE=s3://bucket/prefix`,
/// `S3_ENDPOINT` (MinIO, Ceph, Garage, R2 or a local stand-in; unset means AWS itself),
/// `S3_REGION`, and the standard `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`.
public struct S3Settings: Sendable {
    public var bucket: String
    /// Put before every key, so one bucket can hold several things: "" or "photos/".
    public var prefix: String
    /// `https://host[:port]` without a path; nil means `https://s3.<region>.amazonaws.com`.
    public var endpoint: String?
    public var region: String
    var credentials: SigV4Signer.Credentials

    public init(bucket: String, prefix: String = "", endpoint: String?, region: String,
                accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.bucket = bucket
        self.prefix = prefix
        self.endpoint = endpoint
        self.region = region
        self.credentials = .init(accessKeyID: accessKeyID, secretAccessKey: secretAccessKey, sessionToken: sessionToken)
    }

    /// AWS wants the bucket in the host name (virtual-hosted style); other stores are addressed
    /// by path (`endpoint/bucket/key`), which every S3-compatible server understands.
    var usesPathStyle: Bool { endpoint != nil }

    /// The scheme and host requests go to.
    var origin: String {
        endpoint ?? "https://\(bucket).s3.\(region).amazonaws.com"
    }

    /// The path of a key (or of the bucket itself, for nil), not yet percent-encoded.
    func path(of key: String?) -> String {
        let bucketPath = usesPathStyle ? "/" + bucket : ""
        guard let key else { return bucketPath.isEmpty ? "/" : bucketPath }
        return bucketPath + "/" + prefix + key
    }

    /// For messages: `s3://bucket/prefix at https://endpoint`.
    var description: String { "s3://\(bucket)/\(prefix) at \(origin)" }

    /// Reads `PHOTO_STORE` = `s3://bucket[/prefix]` and the S3 settings; a mistake is one sentence.
    static func parse(_ value: String, environment: (String) -> String?) throws -> S3Settings {
        let rest = value.dropFirst("s3://".count)
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let bucket = String(parts.first ?? "")
        // Bucket names: 3-63 lower-case letters, digits, dots and hyphens.
        guard (3...63).contains(bucket.count),
              bucket.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "." || $0 == "-") }) else {
            throw ConfigurationError("PHOTO_STORE must be 'local' or s3://BUCKET[/PREFIX] with a bucket name of 3-63 lower-case letters, digits, dots and hyphens, not '\(value)'")
        }
        var prefix = parts.count > 1 ? String(parts[1]) : ""
        if !prefix.isEmpty, !prefix.hasSuffix("/") { prefix += "/" }
        var endpoint: String?
        if let raw = environment("S3_ENDPOINT"), !raw.isEmpty {
            guard let components = URLComponents(string: raw), ["http", "https"].contains(components.scheme ?? ""),
                  components.host != nil, components.path.isEmpty || components.path == "/", components.query == nil else {
                throw ConfigurationError("S3_ENDPOINT must be the address of the S3-compatible server, like https://minio.campus.edu:9000, not '\(raw)'")
            }
            endpoint = raw.hasSuffix("/") ? String(raw.dropLast()) : raw
        }
        let region = environment("S3_REGION").flatMap { $0.isEmpty ? nil : $0 } ?? environment("AWS_REGION").flatMap { $0.isEmpty ? nil : $0 } ?? "us-east-1"
        guard let key = environment("AWS_ACCESS_KEY_ID"), !key.isEmpty,
              let secret = environment("AWS_SECRET_ACCESS_KEY"), !secret.isEmpty else {
            throw ConfigurationError("PHOTO_STORE names a bucket but AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not both set: give the store's access key and secret")
        }
        let token = environment("AWS_SESSION_TOKEN").flatMap { $0.isEmpty ? nil : $0 }
        return S3Settings(bucket: bucket, prefix: prefix, endpoint: endpoint, region: region,
                          accessKeyID: key, secretAccessKey: secret, sessionToken: token)
    }
}
