import Fluent
import Foundation
@testable import MarketServer
import MarketTestSupport
import Testing

/// Hand-written INSERTs cannot fall behind their models: a new `@Field` that no INSERT writes
/// (and no one said it should not) fails here, not silently in production.
@Suite("Hand-written INSERTs")
struct HandWrittenInsertTests {
    /// Every model written by hand. `everyModelTableIsCovered` finds any other.
    static let models: [any HandInserted.Type] = [OrderRecord.self, OrderEventRecord.self, NotificationRecord.self, ListingRecord.self,
                                                   FavoriteRecord.self]

    @Test("each hand-written INSERT names every field of its model, but those it leaves out on purpose", arguments: models.map { ObjectIdentifier($0) })
    func columnsMatchFields(_ id: ObjectIdentifier) throws {
        let model = try #require(Self.models.first { ObjectIdentifier($0) == id })
        let fields = Set(model.keys.map(\.description))
        let inserted = Set(model.insertColumns)
        #expect(inserted.count == model.insertColumns.count, "\(model.schema): a column is listed twice")
        #expect(inserted.isDisjoint(with: model.notInserted), "\(model.schema): a column is both inserted and left out")
        #expect(fields.subtracting(inserted).subtracting(model.notInserted).isEmpty,
                "\(model.schema): fields no INSERT writes: \(fields.subtracting(inserted).subtracting(model.notInserted).sorted())")
        #expect(inserted.union(model.notInserted).subtracting(fields).isEmpty,
                "\(model.schema): columns the model has no field for: \(inserted.union(model.notInserted).subtracting(fields).sorted())")
    }

    @Test("a model's table is written by hand only through its HandInserted columns")
    func everyModelTableIsCovered() throws {
        let covered = Set(Self.models.map { $0.schema })
        let modelTables = try Self.modelTables()
        #expect(modelTables.count >= 15, "found only \(modelTables.sorted())")
        var literal: [String] = []
        for file in try Self.sourceFiles() where !file.path.contains("/Migrations/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /INSERT INTO ([a-z_]+)/) where modelTables.contains(String(match.1)) {
                literal.append("\(file.lastPathComponent): INSERT INTO \(match.1)\(covered.contains(String(match.1)) ? " (use insertHead)" : "")")
            }
        }
        #expect(literal.isEmpty, "hand-written INSERTs into model tables that bypass HandInserted: \(literal)")
    }

    @Test("a deliberate omission is caught: a column list missing a field fails the comparison")
    func omissionIsCaught() {
        let fields = Set(OrderRecord.keys.map(\.description))
        let short = Set(OrderRecord.insertColumns.dropLast())
        #expect(!fields.subtracting(short).subtracting(OrderRecord.notInserted).isEmpty)
    }

    static func sourceFiles() throws -> [URL] {
        let root = PackageRoot.url.appendingPathComponent("Sources/MarketServer")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// Every `static let schema = "…"` in the server's models.
    static func modelTables() throws -> Set<String> {
        var tables: Set<String> = []
        for file in try sourceFiles() where file.path.contains("/Models/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /static let schema = "([a-z_]+)"/) { tables.insert(String(match.1)) }
        }
        return tables
    }
}
