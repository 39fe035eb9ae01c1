import Foundation
import NIOConcurrencyHelpers

/// One open event stream of one user: what the hub offers it, buffered until the stream
/// writes it out. A stream that falls too far behind is ended rather than silently losing
/// events; its client reconnects with `Last-Event-ID` and the gap is replayed from the table.
final class EventSubscription: Sendable {
    enum Signal: Sendable {
        case event(LiveEventRow)
        case heartbeat
    }

    static let bufferLimit = 1_000

    let userID: UUID
    /// The session the stream was opened with: it ends with it (`EventHeartbeats`).
    let tokenID: UUID
    let signals: AsyncStream<Signal>
    private let continuation: AsyncStream<Signal>.Continuation
    /// The newest event id offered or written: the floor for catching up, and what makes an
    /// event offered twice (live and by a catch-up) go out once.
    private let lastSeen: NIOLockedValueBox<Int64>
    /// When the last heartbeat went out, and when its session was last checked (or the stream opened).
    private let lastBeat = NIOLockedValueBox(Date())
    private let lastCheck = NIOLockedValueBox(Date())

    init(userID: UUID, tokenID: UUID, after seq: Int64) {
        self.userID = userID
        self.tokenID = tokenID
        (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingOldest(Self.bufferLimit))
        lastSeen = NIOLockedValueBox(seq)
    }

    var floor: Int64 { lastSeen.withLockedValue { $0 } }

    /// Queues an event newer than any seen.
    func offer(_ row: LiveEventRow) {
        let isNew = lastSeen.withLockedValue { seen in
            guard row.seq > seen else { return false }
            seen = row.seq
            return true
        }
        guard isNew else { return }
        if case .dropped = continuation.yield(.event(row)) { continuation.finish() }
    }

    /// Records events the stream wrote itself (a replay), so later offers skip them.
    func advance(to seq: Int64) {
        lastSeen.withLockedValue { $0 = max($0, seq) }
    }

    /// When the last heartbeat was queued (or the stream opened).
    var lastBeatAt: Date { lastBeat.withLockedValue { $0 } }

    /// Whether a heartbeat is due at `now`, `interval` after the last; if so, the next is due from now.
    func takeBeat(ifDueAt now: Date, every interval: TimeInterval) -> Bool { Self.take(lastBeat, ifDueAt: now, every: interval) }

    /// Whether its session's check is due at `now`, as a heartbeat is (`EventHeartbeats`).
    func takeCheck(ifDueAt now: Date, every interval: TimeInterval) -> Bool { Self.take(lastCheck, ifDueAt: now, every: interval) }

    private static func take(_ last: NIOLockedValueBox<Date>, ifDueAt now: Date, every interval: TimeInterval) -> Bool {
        last.withLockedValue { last in
            guard now.timeIntervalSince(last) >= interval else { return false }
            last = now
            return true
        }
    }

    func heartbeat() {
        if case .dropped = continuation.yield(.heartbeat) { continuation.finish() }
    }

    func finish() { continuation.finish() }

    func onTermination(_ handler: @escaping @Sendable () -> Void) {
        continuation.onTermination = { _ in handler() }
    }
}
