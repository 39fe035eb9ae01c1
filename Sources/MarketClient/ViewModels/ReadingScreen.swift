import Foundation
import MarketCore

/// How fresh what a screen shows is.
public struct Freshness: Equatable, Sendable {
    /// True while the screen shows what the device kept because the server could not be reached.
    public var isOffline: Bool
    /// When what the screen shows last came from the server (nil: nothing shown yet).
    public var lastSynced: Date?

    public init(isOffline: Bool = false, lastSynced: Date? = nil) {
        self.isOffline = isOffline
        self.lastSynced = lastSynced
    }
}

/// A screen that shows what the server answered: it shows what the device kept at once, then
/// the fresh answer; with no network it keeps showing the kept answer, saying so (`isOffline`)
/// and as of when (`lastSynced`), rather than an empty screen and an error.
@MainActor
public protocol ReadingScreen: ScreenModel {
    var freshness: Freshness { get set }
}

extension ReadingScreen {
    /// True while what is shown was kept on the device because the server could not be reached.
    public var isOffline: Bool { freshness.isOffline }
    /// When what is shown last came from the server.
    public var lastSynced: Date? { freshness.lastSynced }

    /// Shows `fetch`'s answer as the device kept it, if it did, at once; then asks the server and
    /// shows its answer (offline: the kept one, with `isOffline`). Answers what was shown last,
    /// or nil when the server's answer failed (its error shown).
    @discardableResult
    func read<T>(_ fetch: () async throws -> T, show: (T) -> Void) async -> T? {
        let keptReport = ReadReport()
        if let kept = try? await ReadReport.$storedOnly.withValue(true, operation: {
            try await ReadReport.$current.withValue(keptReport) { try await fetch() }
        }) {
            show(kept)
            freshness.lastSynced = keptReport.lastSynced
        }
        let report = ReadReport()
        guard let value = await ReadReport.$current.withValue(report, operation: { await perform(fetch) }) else { return nil }
        show(value)
        freshness = Freshness(isOffline: report.isOffline, lastSynced: report.lastSynced ?? Date())
        return value
    }
}
