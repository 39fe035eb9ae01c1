import Foundation
import Metrics
import Vapor

/// Where photo bytes are kept: a local directory (one instance) or an S3-compatible bucket
/// (several instances, each serving every photo). Names are chosen by `PhotoStore`; a storage
/// only keeps bytes under them.
protocol PhotoStorage: Sendable {
    /// Where, in an operator's words: "the directory ./data/photos", "s3://bucket/ at https://…".
    var location: String { get }
    func put(_ bytes: [UInt8], as name: String, contentType: String) async throws
    /// The stored size, nil when nothing is stored under the name.
    func size(of name: String) async throws -> Int?
    /// The bytes as a response body (streamed), nil when nothing is stored under the name.
    func response(for name: String, on request: Request) async throws -> Response?
    /// The whole file, nil when nothing is stored under the name (the backfill reads originals).
    func bytes(of name: String) async throws -> [UInt8]?
    func delete(_ name: String) async throws
    /// Everything stored, with when it was written (for the sweep of what nothing refers to).
    func list() async throws -> [StoredPhoto]
    /// Start-up: answers, or throws what is wrong in one sentence.
    func check() async throws
}

struct StoredPhoto: Sendable, Equatable {
    var name: String
    var modified: Date
}

extension Application {
    private struct PhotoStorageKey: StorageKey { typealias Value = any PhotoStorage }

    /// Set by `configure` from `PHOTO_STORE`.
    var photoStorage: any PhotoStorage {
        get {
            guard let storage = storage[PhotoStorageKey.self] else { fatalError("configure(_:settings:) sets the photo storage") }
            return storage
        }
        set { storage[PhotoStorageKey.self] = newValue }
    }

    /// The storage `settings.photoStore` names, checked: an unreachable one stops start-up.
    func makePhotoStorage(checked: Bool) async throws -> any PhotoStorage {
        let storage: any PhotoStorage = switch settings.photoStore {
        case .local: LocalPhotoStorage(directory: settings.dataDirectory + "/photos", logger: logger)
        case .s3(let s3): S3PhotoStorage(client: S3Client(settings: s3, http: http.client.shared), logger: logger)
        }
        if checked { try await storage.check() }
        return storage
    }
}

extension Application {
    /// Start-up: the photo store answers, or one sentence says what is wrong.
    public func checkPhotoStore() async throws {
        try await photoStorage.check()
    }
}
