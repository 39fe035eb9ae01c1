import Foundation

/// What one signed-in account has seen, kept on the device in one SQLite file, so a screen
/// opened without a network shows what it showed last rather than an error.
///
/// ``APIClient`` keeps every signed-in GET's answer here and reads it back when the server
/// cannot be reached (``ReadReport`` tells the screen it is offline, and as of when). One file per
/// server and account (``file(server:account:in:)``), created only its owner can read; it is
/// deleted at sign-out (``destroy()``). Bounded by ``sizeLimit``: past it, the answers seen least
/// recently go first, never the student's own orders and conversations.
public final class LocalStore: Sendable {
    public let file: URL
    /// The most bytes of answers kept, the student's own orders and conversations aside.
    public let sizeLimit: Int
    let database: SQLiteFile

    public static let defaultSizeLimit = 32 << 20

    /// Opens the store at `file`, creating it (and its folder, owner-only) or bringing an older
    /// one to this SDK's schema (its steps of its own, `PRAGMA user_version`).
    public init(file: URL, sizeLimit: Int = LocalStore.defaultSizeLimit) throws {
        self.file = file
        self.sizeLimit = sizeLimit
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if !FileManager.default.fileExists(atPath: file.path) {
            // Created owner-only before SQLite writes a byte of it.
            _ = FileManager.default.createFile(atPath: file.path, contents: nil, attributes: Self.fileAttributes)
        }
        database = try SQLiteFile(path: file.path)
        try database.execute("PRAGMA journal_mode = WAL")
        try LocalStoreSchema.migrate(database)
    }

    /// Owner-only; on Apple platforms also encrypted until the phone is first unlocked after a
    /// restart, so background refresh can still read it.
    static var fileAttributes: [FileAttributeKey: Any] {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        [.posixPermissions: 0o600, .protectionKey: FileProtectionType.completeUntilFirstUserAuthentication]
        #else
        [.posixPermissions: 0o600]
        #endif
    }

    /// Where the device keeps stores: the app's Application Support folder on Apple platforms;
    /// `$XDG_DATA_HOME/campusmarket`, else `~/.local/share/campusmarket`, elsewhere.
    public static var defaultDirectory: URL {
        #if canImport(Darwin)
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0].appendingPathComponent("CampusMarket")
        #else
        XDGBaseDirectory.url("XDG_DATA_HOME", default: ".local/share").appendingPathComponent("campusmarket")
        #endif
    }

    /// The file of `account`'s store for `server`, under `directory`: one folder per server.
    public static func file(server: URL, account: UUID, in directory: URL = defaultDirectory) -> URL {
        let port = server.port.map { "-\($0)" } ?? ""
        let name = ((server.host ?? "server") + port).map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        return directory.appendingPathComponent(String(name)).appendingPathComponent(account.uuidString.lowercased() + ".sqlite")
    }

    /// Deletes the store's files: what an account kept on this device does not outlive its sign-out.
    public func destroy() { Self.destroy(file) }

    /// Deletes the files of the store at `file`.
    public static func destroy(_ file: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: file.path + suffix)
        }
    }
}
