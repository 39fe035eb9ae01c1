import NIOConcurrencyHelpers

/// Values of a pure function kept by their key, shared by every request under a lock, and
/// emptied whole when `capacity` is reached (what a page asks for again is made again at once).
/// For results that cost microseconds to make and are asked for on every page: formatted times,
/// a calendar month's grid.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let capacity: Int
    private let values = NIOLockedValueBox<[Key: Value]>([:])

    init(capacity: Int) { self.capacity = capacity }

    /// The value kept for `key`, or `making()`'s, kept from now on.
    func value(for key: Key, making: () -> Value) -> Value {
        if let known = values.withLockedValue({ $0[key] }) { return known }
        let made = making()
        values.withLockedValue { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = made
        }
        return made
    }
}
