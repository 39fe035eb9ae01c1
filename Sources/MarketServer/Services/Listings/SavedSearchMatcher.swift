import Fluent
import Foundation
import MarketCore
import SQLKit
import Vapor

/// Matches queued listings against the saved searches (`SavedSearchAlerts`), in the background
/// on every instance (the saved-search matching job): each round takes the oldest queued
/// listing, tells a chunk of its matches in one transaction, and drops it from the queue once
/// none is left. Two instances on one listing tell nobody twice (the hits' primary key).
enum SavedSearchMatcher {
    /// Matches every queued listing at once (tests call it to see the result).
    static func matchQueued(_ services: DomainServices) async throws {
        while !Task.isCancelled, try await matchNext(services, reading: services.database) {}
    }

    /// Matches queued listings as background work that gives way to requests: its reads run on
    /// a thread the scheduler serves only when requests leave a core idle (`BackgroundThread`);
    /// its writes ride in requests' batches (`WriteTransactions.runInBackground`), one per batch,
    /// and after each it rests as long as that took, so at most about every other batch of
    /// requests carries one. (Measured in docs/benchmarks.md, "Creating a listing beside 100,000
    /// saved searches".)
    static func matchQueuedGivingWay(_ services: @Sendable () -> (DomainServices, reading: any Database)) async throws {
        while !Task.isCancelled {
            let (services, reads) = services()
            guard try await matchNext(services, reading: reads, givingWay: true) else { return }
        }
    }

    /// The oldest queued listings (up to 50), each matched once (reads only), then told in write
    /// transactions of up to `chunk` owners (several listings share one when they match few); a
    /// listing leaves the queue in the transaction that tells its last owners. False when the
    /// queue is empty. A listing left half told (the server stopped) is matched again: its owners
    /// told already are not told twice.
    private static func matchNext(_ services: DomainServices, reading reads: any Database, givingWay: Bool = false) async throws -> Bool {
        let alerts = SavedSearchAlerts(notifier: services.notifier, now: services.now)
        let queued = try await SavedSearchAlerts.queued(limit: 50, on: reads)
        guard !queued.isEmpty else { return false }
        var steps: [Step] = []
        var owners = 0
        func tell() async throws {
            let done = steps
            let started = ContinuousClock.now
            let body: @Sendable (WriteTransaction) async throws -> Void = { tx in
                for step in done {
                    if let listing = step.listing { try await alerts.tell(step.matched, about: listing, in: tx) }
                    if step.finishes { try await SavedSearchAlerts.finish(step.listingID, token: step.token, on: tx.db) }
                }
            }
            steps = []
            owners = 0
            guard givingWay else { return try await services.writes.run(body) }
            try await services.writes.runInBackground(body)
            try await Task.sleep(for: ContinuousClock.now - started)
        }
        for (listingID, token) in queued {
            let listing = try await ListingRecord.find(listingID, on: reads)
            var rest: ArraySlice<SavedSearchAlerts.Match> = []
            if let listing { rest = try await alerts.matches(of: listing, trust: services.trust, on: reads)[...] }
            repeat {
                let matched = Array(rest.prefix(SavedSearchAlerts.chunk - owners))
                rest = rest.dropFirst(matched.count)
                steps.append(Step(listingID: listingID, token: token, listing: listing, matched: matched, finishes: rest.isEmpty))
                owners += matched.count
                if owners >= SavedSearchAlerts.chunk { try await tell() }
            } while !rest.isEmpty
        }
        if !steps.isEmpty { try await tell() }
        return true
    }

    /// Part of one transaction's work: owners to tell of one listing, and whether they are its last.
    private struct Step: Sendable {
        let listingID: UUID
        /// The queue row's token when it was read: queued again since, it is matched again.
        let token: UUID?
        let listing: ListingRecord?
        let matched: [SavedSearchAlerts.Match]
        let finishes: Bool
    }
}
