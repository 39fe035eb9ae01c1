import Foundation

/// Keeps the session in a JSON file only its owner can read (0600, in a 0700 folder), by
/// default `$XDG_CONFIG_HOME/campusmarket/session.json`, else `$HOME/.config/...`. For Linux and
/// the `market` command; apps on Apple platforms use `KeychainTokenStore`.
public struct FileTokenStore: TokenStore {
    public let url: URL

    public init(url: URL = FileTokenStore.defaultURL) {
        self.url = url
    }

    public static var defaultURL: URL {
        XDGBaseDirectory.url("XDG_CONFIG_HOME", default: ".config").appendingPathComponent("campusmarket").appendingPathComponent("session.json")
    }

    public func load() throws -> StoredSession? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(StoredSession.self, from: data)
    }

    public func save(_ session: StoredSession) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(session)
        // Created 0600 before the token is written, so it is never readable by others, even briefly.
        let temporary = folder.appendingPathComponent(".session-\(UUID().uuidString).json")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let handle = try FileHandle(forWritingTo: temporary)
        try handle.write(contentsOf: data)
        try handle.close()
        // rename(2) replaces the old file in one step. Foundation's `replaceItemAt` on Linux
        // failed here with "The file doesn't exist" and lost the session already stored.
        guard rename(temporary.path, url.path) == 0 else {
            let problem = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "could not save the session at \(url.path): \(problem)"])
        }
    }

    public func clear() throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}
