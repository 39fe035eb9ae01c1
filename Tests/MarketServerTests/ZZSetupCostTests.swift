import Foundation
import MarketTestSupport
import Testing
import Vapor

@Suite struct ZZSetupCost {
    @Test func cost() async throws {
        let clock = ContinuousClock()
        var full: [Duration] = [], bare: [Duration] = []
        for _ in 0..<8 {
            let start = clock.now
            try await withTestApp { _ in }
            full.append(clock.now - start)
        }
        for _ in 0..<8 {
            let database = TestDatabase.make()
            let start = clock.now
            try await withApp(settings: database.settings, clock: nil, migrate: false) { _ in }
            bare.append(clock.now - start)
            try await database.drop()
            database.removeFiles()
        }
        print("SETUPCOST full \(full) bare \(bare)")
    }
}
