import Foundation

/// The last answer to each GET that came with an `ETag` (the feed, a search, a listing), so the
/// next request asks `If-None-Match` and a `304 Not Modified` costs the server one small read and
/// the network no body. Kept in memory, per address and per token: one person's answers are never
/// given to another. The oldest goes first once `capacity` are kept.
final class ResponseCache: @unchecked Sendable {
    struct Entry {
        var tag: String
        var body: Data
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    static func key(url: URL, token: String?) -> String {
        url.absoluteString + "\n" + (token ?? "")
    }

    func entry(for key: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    func store(_ entry: Entry, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        if entries.updateValue(entry, forKey: key) == nil { order.append(key) }
        while order.count > capacity { entries[order.removeFirst()] = nil }
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
        order.removeAll()
    }
}
