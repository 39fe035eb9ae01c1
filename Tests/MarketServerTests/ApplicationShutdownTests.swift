import Fluent
import Foundation
@testable import MarketServer
import NIOConcurrencyHelpers
import Testing
import Vapor

/// The application's shutdown, however it is called (the tests call it directly, with no HTTP
/// server to stop first), lets a request under way finish before the databases close.
@Suite("Shutting the application down")
struct ApplicationShutdownTests {
    @Test("a handler still running when the application shuts down reaches the database and answers, before the databases close")
    func handlerFinishesFirst() async throws {
        let database = TestDatabase.make()
        defer { database.removeFiles() }
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        try await configure(app, settings: database.settings)
        try await app.autoMigrate()
        let entered = NIOLockedValueBox(false)
        // A handler that is slow before it reaches the database, as one waiting for a lock is.
        app.get("slow-count") { req async throws -> String in
            entered.withLockedValue { $0 = true }
            try? await Task.sleep(for: .milliseconds(300))
            return String(try await UserRecord.query(on: req.db).count())
        }

        let answer = Task { try await app.send(.GET, "/slow-count") }
        while !entered.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        try await app.asyncShutdown()
        let response = try await answer.value

        // Before, the databases closed under the handler: "connection pool shut down", a 500.
        #expect(response.status == .ok, "\(response.text)")
        #expect(response.text == "0")
        try await database.drop()
    }
}
