import Foundation

/// Writes each catalog key the process puts in words to a file, once: with `CATALOG_RECORD=path`
/// set, a run of the test suite lists the keys the Swift code uses, which `scripts/catalog.py`
/// adds to the catalog (docs/translating.md). Unset, it does nothing.
final class KeyRecorder: @unchecked Sendable {
    static let shared = KeyRecorder(path: ProcessInfo.processInfo.environment["CATALOG_RECORD"])

    private let handle: FileHandle?
    private var seen: Set<String> = []
    private let lock = NSLock()

    init(path: String?) {
        guard let path, !path.isEmpty else { handle = nil; return }
        // Appended to by every process a test run starts (servers, the CLI): each line whole.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        handle = descriptor < 0 ? nil : FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    var isRecording: Bool { handle != nil }

    func record(_ key: String) {
        guard let handle else { return }
        lock.withLock {
            guard seen.insert(key).inserted else { return }
            // One JSON string a line: a key may hold a newline.
            if let line = try? JSONEncoder().encode(key) { handle.write(line + Data("\n".utf8)) }
        }
    }
}

/// The keys shown in English for want of a translation (`Localizer.keysMissingATranslation`).
final class MissingKeys: @unchecked Sendable {
    private var seen: Set<String> = []
    private let lock = NSLock()

    func record(_ key: String) { lock.withLock { _ = seen.insert(key) } }
    var keys: Set<String> { lock.withLock { seen } }
}
