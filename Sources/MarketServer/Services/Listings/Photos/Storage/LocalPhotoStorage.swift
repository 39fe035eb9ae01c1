import Foundation
import Vapor

/// Photos as files in one directory (`DATA_DIR/photos`): the default, right for one instance.
struct LocalPhotoStorage: PhotoStorage {
    let directory: String
    let logger: Logger

    var location: String { "the directory \(directory)" }

    /// A temporary file renamed into place: readers see no file or the whole file. A racing
    /// upload of the same bytes may win; its file is identical, so replacing it is harmless.
    func put(_ bytes: [UInt8], as name: String, contentType: String) async throws {
        try await PhotoStorageFailure.wrap(logger, "writing \(name)") {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let temporary = directory + "/" + Self.stagingPrefix + UUID().uuidString
            guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { throw CocoaError(.fileWriteUnknown) }
            guard rename(temporary, path(of: name)) == 0 else {
                try? FileManager.default.removeItem(atPath: temporary)
                throw CocoaError(.fileWriteUnknown)
            }
        }
    }

    func size(of name: String) async throws -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path(of: name)))?[.size] as? Int
    }

    func response(for name: String, on request: Request) async throws -> Response? {
        let path = path(of: name)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try await PhotoStorageFailure.wrap(logger, "reading \(name)") { try await request.fileio.asyncStreamFile(at: path) }
    }

    func bytes(of name: String) async throws -> [UInt8]? {
        FileManager.default.contents(atPath: path(of: name)).map { [UInt8]($0) }
    }

    func delete(_ name: String) async throws {
        try? FileManager.default.removeItem(atPath: path(of: name))
    }

    /// Photos and the temporary files of writes that never finished (a crash mid-write).
    func list() async throws -> [StoredPhoto] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path(of: name)))?[.modificationDate] as? Date else { return nil }
            return StoredPhoto(name: name, modified: modified)
        }
    }

    func check() async throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ConfigurationError("cannot create the photo directory '\(directory)': give DATA_DIR to the user the server runs as")
        }
    }

    static let stagingPrefix = ".upload-"

    private func path(of name: String) -> String { directory + "/" + name }
}
