import Fluent
import SQLKit

/// A migration that makes SQLite's three FTS5 tables anew with other prefix indexes (`index`),
/// filled again from the listings, and back to `previous` on revert. PostgreSQL keeps no prefix
/// indexes: nothing to do there. Each such migration keeps its own type, whose name is what the
/// databases that ran it recorded.
protocol SearchIndexPrefixMigration: AsyncMigration {
    static var index: SearchIndex { get }
    static var previous: SearchIndex { get }
}

extension SearchIndexPrefixMigration {
    func prepare(on database: any Database) async throws {
        try await Self.rebuild(as: Self.index, on: database)
    }

    func revert(on database: any Database) async throws {
        try await Self.rebuild(as: Self.previous, on: database)
    }

    private static func rebuild(as index: SearchIndex, on database: any Database) async throws {
        guard !database.isPostgres else { return }
        try await index.rebuildTables(on: database.sql)
        try await CreatePricedSearchIndex.rebuildTable(index, on: database.sql)
    }
}
