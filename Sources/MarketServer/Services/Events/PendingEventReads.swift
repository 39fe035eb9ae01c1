import NIOConcurrencyHelpers

/// The events a `PostgresEventHub` was notified of and has yet to read back, oldest first. Each
/// notification names one event; the hub reads every one waiting in one statement, so however
/// fast events come, delivery costs a round trip a batch, not one an event.
///
/// Why: read one by one, delivery kept pace only while a read took less than the gap between two
/// events. At 2,500 students on one instance a read waited its turn for a pooled connection
/// behind the requests' (20–40 ms), about 100 events came a second, and streams fell seconds
/// behind (a message's delivery p99 3.9 s against 405 ms for its sending).
final class PendingEventReads: Sendable {
    private let seqs = NIOLockedValueBox<[Int64]>([])
    /// Rings when an event is added: at most one ring waits, however many events do.
    let rings: AsyncStream<Void>
    private let ring: AsyncStream<Void>.Continuation

    init() {
        (rings, ring) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func add(_ seq: Int64) {
        seqs.withLockedValue { $0.append(seq) }
        ring.yield()
    }

    /// Every event waiting, oldest first; none waits after.
    func take() -> [Int64] {
        seqs.withLockedValue { waiting in
            defer { waiting.removeAll(keepingCapacity: true) }
            return waiting
        }
    }

    /// No event is added after this: `rings` ends once its last ring is heard.
    func finish() { ring.finish() }
}
