import Foundation
import MarketCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What ``APIClient/catchUp()`` did.
public struct CatchUp: Sendable, Equatable {
    /// How many changes the server listed.
    public var changes = 0
    /// The kept answers loaded again: their paths and queries below `/api/v1/`.
    public var reloaded: [String] = []
    /// True when the server no longer reached back to the cursor (or named a kind this SDK does
    /// not know), so every kept answer was loaded again.
    public var startedOver = false

    public init() {}
}

extension APIClient {
    /// Brings what the account's ``LocalStore`` keeps up to date after the app was away: asks
    /// `GET /me/changes` what changed since last time and loads again only the kept answers those
    /// changes touch (an order's lists and page, a conversation, the notifications), forgetting
    /// those the server no longer has. When the server no longer reaches back that far (410),
    /// every kept answer is loaded again. The first time it only notes where to start. Without
    /// the network it throws, and the next call asks from the same place.
    @discardableResult
    public func catchUp() async throws -> CatchUp {
        guard let store, await tokenProvider() != nil else { return CatchUp() }
        guard var cursor = store.changesCursor else {
            store.changesCursor = try await send(ChangesEndpoint.since(nil), as: AccountChangePage.self).cursor
            return CatchUp()
        }
        var report = CatchUp()
        var touched: Set<String>? = []  // nil: everything
        while true {
            let page: AccountChangePage
            do {
                page = try await send(ChangesEndpoint.since(cursor), as: AccountChangePage.self)
            } catch APIClientError.server(let status, _) where status == 410 {
                // Taken before loading again, so what changes meanwhile is asked for next time.
                cursor = try await send(ChangesEndpoint.since(nil), as: AccountChangePage.self).cursor
                touched = nil
                break
            }
            report.changes += page.changes.count
            for change in page.changes {
                if let keys = Self.keys(touchedBy: change) { touched?.formUnion(keys) } else { touched = nil }
            }
            cursor = page.cursor
            if !page.more { break }
        }
        report.startedOver = touched == nil
        for key in store.keptKeys(containing: touched) {
            try await reload(key)
            report.reloaded.append(key)
        }
        store.changesCursor = cursor
        return report
    }

    /// What the store keys of answers that may show `change` contain; nil for a kind this SDK
    /// does not know.
    static func keys(touchedBy change: AccountChange) -> Set<String>? {
        switch change.kind {
        case .order: ["orders", "me/activity"]
        case .message: ["conversations"]
        case .notification: ["notifications"]
        // The student's own listings are a search by seller (``MyListingsViewModel``).
        case .listing: ["listings/\(change.id.wireString)", "seller=", "me/favorites"]
        case .favorite: ["me/favorites"]
        case .unknown: nil
        }
    }

    /// Loads `key`'s answer again into the store; one the server no longer has is forgotten.
    private func reload(_ key: String) async throws {
        let token = await tokenProvider()
        var request = URLRequest(url: storedURL(key))
        request.ask(languages: languages, token: token)
        let report = ReadReport()
        let (_, http) = try await ReadReport.$current.withValue(report) { try await exchangeReading(request, token: token) }
        if report.isOffline { throw APIClientError.transport("The server could not be reached.") }
        if [403, 404, 410].contains(http.statusCode) { store?.forget(key) }
    }
}
