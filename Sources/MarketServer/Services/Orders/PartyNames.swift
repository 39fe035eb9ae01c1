import Fluent
import Foundation
import MarketCore

/// Display names of the people on orders and offers.
struct PartyNames {
    var names: [UUID: String]

    static func load(_ ids: [UUID], on database: any Database) async throws -> PartyNames {
        let users = try await UserRecord.query(on: database).filter(\.$id ~~ ids).field(\.$id).field(\.$publicName).all()
        return PartyNames(names: Dictionary(uniqueKeysWithValues: users.map { ($0.id!, $0.publicName) }))
    }

    func party(_ id: UUID) -> OrderParty {
        OrderParty(id: id, name: names[id] ?? AccountRules.deletedUserName)
    }
}
