import AsyncHTTPClient
import Foundation
import Vapor

/// Photos as objects in an S3-compatible bucket, so that every instance serves every photo.
///
/// Served through the server rather than by redirect to a presigned URL: the photo keeps its
/// one address (`/photos/<sha256>.<type>`), which browsers and the proxy cache for a year
/// because a name never changes content; the bucket stays private; and a page costs no extra
/// round trip to another host. The proxy's cache (deploy/nginx.conf) takes the repeated reads.
struct S3PhotoStorage: PhotoStorage {
    let client: S3Client
    let logger: Logger

    var location: String { client.settings.description }

    func put(_ bytes: [UInt8], as name: String, contentType: String) async throws {
        try await PhotoStorageFailure.wrap(logger, "writing \(name)") { try await client.put(name, bytes, contentType: contentType) }
    }

    func size(of name: String) async throws -> Int? {
        try await PhotoStorageFailure.wrap(logger, "looking up \(name)") { try await client.head(name) }
    }

    /// Streams the object on as it arrives: a photo is never held whole in memory.
    func response(for name: String, on request: Request) async throws -> Response? {
        guard let object = try await PhotoStorageFailure.wrap(logger, "reading \(name)", { try await client.get(name) }) else { return nil }
        let length = object.headers.first(name: "content-length").flatMap(Int.init) ?? -1
        let body = Response.Body(asyncStream: { writer in
            do {
                for try await chunk in object.body { try await writer.write(.buffer(chunk)) }
                try await writer.write(.end)
            } catch {
                PhotoStorageFailure.counter.increment()
                try? await writer.write(.error(error))
            }
        }, count: length)
        return Response(status: .ok, body: body)
    }

    func bytes(of name: String) async throws -> [UInt8]? {
        try await PhotoStorageFailure.wrap(logger, "reading \(name)") {
            guard let object = try await client.get(name) else { return nil }
            var body = try await object.body.collect(upTo: PhotoStore.maxBytes * 2)
            return body.readBytes(length: body.readableBytes)
        }
    }

    func delete(_ name: String) async throws {
        try await PhotoStorageFailure.wrap(logger, "deleting \(name)") { try await client.delete(name) }
    }

    func list() async throws -> [StoredPhoto] {
        try await PhotoStorageFailure.wrap(logger, "listing") {
            try await client.list().map { StoredPhoto(name: $0.key, modified: $0.lastModified) }
        }
    }

    func check() async throws {
        do {
            try await client.probe()
        } catch let failure as S3Client.Failure {
            throw ConfigurationError("the photo store \(location) refused to list the bucket (\(failure)): check PHOTO_STORE, S3_REGION and the access key")
        } catch {
            throw ConfigurationError("the photo store \(location) does not answer (\(Self.reason(error))): check S3_ENDPOINT and that the store is running")
        }
    }

    private static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectTimeout") || text.contains("deadlineExceeded") { return "timed out" }
        if text.contains("refused") || text.contains("connect") { return "connection refused" }
        return String(text.prefix(120))
    }
}
