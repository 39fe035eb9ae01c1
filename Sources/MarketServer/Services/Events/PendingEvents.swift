import Fluent
import Foundation
import MarketCore
import NIOConcurrencyHelpers

/// Events a PostgreSQL write transaction has recorded, written together just before it
/// commits (see `EventLog`). Bound to the transaction's task while its body runs.
final class PendingEvents: Sendable {
    struct Row: Sendable {
        var userID: UUID
        var kind: LiveEventKind
        var payload: String
        var at: Date
    }

    @TaskLocal static var current: PendingEvents?

    private let state = NIOLockedValueBox<(rows: [Row], channel: String?)>(([], nil))

    func add(_ rows: [Row], channel: String) {
        state.withLockedValue { $0.rows += rows; $0.channel = channel }
    }

    /// Runs a transaction's `body` collecting its events, then writes them on `db` (still
    /// inside the transaction). A transaction already collecting keeps its own batch.
    static func collecting<T: Sendable>(on db: any Database, _ body: @Sendable (any Database) async throws -> T) async throws -> T {
        guard db.isPostgres, current == nil else { return try await body(db) }
        let batch = PendingEvents()
        let result = try await $current.withValue(batch) { try await body(db) }
        let (rows, channel) = batch.state.withLockedValue { $0 }
        if let channel { try await EventLog.write(rows, channel: channel, on: db) }
        return result
    }
}
