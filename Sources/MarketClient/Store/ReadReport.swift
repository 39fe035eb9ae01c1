import Foundation

/// Where the reads of one piece of work were answered from: the server, or the ``LocalStore``
/// because the server could not be reached. ``APIClient`` notes each read in the report of the
/// task it runs in (``current``); a screen or a command reads it after the work.
public final class ReadReport: @unchecked Sendable {
    /// The report the reads of this task note into (none: nobody asked).
    @TaskLocal public static var current: ReadReport?
    /// Set while a screen shows what it kept before asking the server: reads answer from the
    /// store only, and a read with nothing kept fails with ``APIClientError/notStored``.
    @TaskLocal static var storedOnly = false

    private let lock = NSLock()
    private var offline = false
    private var oldest: Date?
    private let onOffline: (@Sendable (Date) -> Void)?

    /// - Parameter onOffline: called once, with the kept answer's date, the first time a read is
    ///   answered from the store because the server could not be reached (the `market` command
    ///   says so before printing what it read).
    public init(onOffline: (@Sendable (Date) -> Void)? = nil) {
        self.onOffline = onOffline
    }

    /// True when at least one read was answered from the store because the server could not be reached.
    public var isOffline: Bool { lock.withLock { offline } }
    /// When the oldest answer used was last fresh from the server (nil: no read was made).
    public var lastSynced: Date? { lock.withLock { oldest } }

    func noteFresh(at date: Date) { note(date, offline: false) }
    func noteStored(_ answer: StoredAnswer, offline: Bool) { note(answer.fetchedAt, offline: offline) }

    private func note(_ date: Date, offline: Bool) {
        let first = lock.withLock {
            defer {
                self.offline = self.offline || offline
                oldest = min(oldest ?? date, date)
            }
            return offline && !self.offline
        }
        if first { onOffline?(date) }
    }

}
