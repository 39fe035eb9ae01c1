import Foundation
import Vapor

/// The source of "now" for every rule that depends on time (token expiry, throttling windows),
/// so tests can move time instead of sleeping.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public static let system = WallClock(now: { Date() })
}

extension Application {
    private struct ClockKey: StorageKey { typealias Value = WallClock }

    public var clock: WallClock {
        get { storage[ClockKey.self] ?? .system }
        set { storage[ClockKey.self] = newValue }
    }
}

extension Request {
    var now: Date { application.clock.now() }
}
