import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// `GET /me/changes`: what changed for an account since its cursor, so an app back from away
/// loads again only that.
@Suite("Account changes")
struct AccountChangesTests {
    private func changes(_ app: Application, since cursor: String?, limit: Int? = nil, token: String) async throws -> AccountChangePage {
        var query = [cursor.map { "since=\($0)" }, limit.map { "limit=\($0)" }].compactMap { $0 }.joined(separator: "&")
        if !query.isEmpty { query = "?" + query }
        let response = try await app.send(.GET, "/api/v1/me/changes" + query, token: token)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(AccountChangePage.self)
    }

    /// Each change as one comparable line.
    private func lines(_ page: AccountChangePage) -> [String] {
        page.changes.map { "\($0.kind.rawValue) \($0.id)\($0.removed ? " removed" : "")" }
    }

    @Test("each kind that changed for the caller, oldest first, and nothing of anyone else's: saved and unsaved, a message, an order, a notification, an edited listing, a deleted one")
    func kinds() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal(.sample("Desk"))
            let (sam, bea) = (deal.seller.token, deal.buyer.token)
            let lamp = try await app.createListing(.sample("Lamp"), token: sam)
            let stranger = try await app.register(name: "Stan")
            clock.advance(by: 120)  // the setup is more than the lag behind the cursors
            var cursors: [String: String] = [:]
            for (name, token) in [("sam", sam), ("bea", bea), ("stan", stranger.token)] {
                let start = try await changes(app, since: nil, token: token)
                #expect(start.changes.isEmpty && !start.more)
                cursors[name] = start.cursor
            }

            _ = try await app.send(.PUT, "/api/v1/me/favorites/\(lamp.id)", token: bea)
            clock.advance(by: 1)
            _ = try await app.send(.PUT, "/api/v1/me/favorites/\(deal.listing.id)", token: bea)
            clock.advance(by: 1)
            #expect(try await app.send(.DELETE, "/api/v1/me/favorites/\(deal.listing.id)", token: bea).status == .noContent)
            clock.advance(by: 1)
            let conversation = try await app.openConversation(about: deal.listing.id, token: bea)
            let message = try await app.sendMessage("Still for sale?", in: conversation.id, token: bea).decode(ConversationMessage.self)
            clock.advance(by: 1)
            let order = try await app.purchase(deal.listing.id, token: bea).decode(MarketCore.Order.self)
            clock.advance(by: 1)
            #expect(try await app.send(.DELETE, "/api/v1/listings/\(lamp.id)", token: sam).status == .ok)
            clock.advance(by: 1)

            let beas = try await changes(app, since: cursors["bea"], token: bea)
            // What is, not every step: the lamp's favorite went with the lamp, the desk's was undone.
            #expect(lines(beas) == ["favorite \(deal.listing.id) removed", "message \(message.id)", "order \(order.id)",
                                    "listing \(lamp.id) removed"])
            #expect(beas.changes.first { $0.kind == .message }?.parentId == conversation.id)
            #expect(!beas.more)

            let sams = try await changes(app, since: cursors["sam"], token: sam)
            let notification = try await app.notifications(token: sam).items.first
            #expect(Set(lines(sams)) == ["message \(message.id)", "order \(order.id)", "notification \(try #require(notification).id)",
                                         "listing \(deal.listing.id)", "listing \(lamp.id) removed"])
            #expect(sams.changes.map(\.changedAt) == sams.changes.map(\.changedAt).sorted())
            let desk = try #require(sams.changes.first { $0.kind == .listing && !$0.removed })
            #expect(desk.version == 1)

            #expect(try await changes(app, since: cursors["stan"], token: stranger.token).changes.isEmpty)

            // Asked again from the new cursor: what came in the last minute before it comes again
            // (at least once, never missed), nothing else; and then nothing.
            clock.advance(by: 120)
            let again = try await changes(app, since: beas.cursor, token: bea)
            #expect(Set(lines(again)).isSubset(of: lines(beas)) && !again.changes.isEmpty)
            #expect(try await changes(app, since: again.cursor, token: bea).changes.isEmpty)
        }
    }

    @Test("pages end between two times: five messages a second apart come two, two, one; three at one time come together; each once, in order")
    func paging() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal()
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            clock.advance(by: 120)
            let start = try await changes(app, since: nil, token: deal.seller.token)
            var sent: [UUID] = []
            for index in 1...5 {
                sent.append(try await app.sendMessage("Message \(index)", in: conversation.id, token: deal.buyer.token).decode(ConversationMessage.self).id)
                clock.advance(by: 1)
            }
            var cursor = start.cursor
            var pages: [[UUID]] = []
            var more = true
            while more {
                let page = try await changes(app, since: cursor, limit: 2, token: deal.seller.token)
                pages.append(page.changes.filter { $0.kind == .message }.map(\.id))
                (cursor, more) = (page.cursor, page.more)
            }
            #expect(pages.map(\.count) == [2, 2, 1])
            #expect(pages.flatMap { $0 } == sent)

            clock.advance(by: 120)
            let before = try await changes(app, since: cursor, token: deal.seller.token).cursor
            clock.advance(by: 120)
            var together: [UUID] = []
            for index in 1...3 {  // the clock stands still: one time
                together.append(try await app.sendMessage("Same time \(index)", in: conversation.id, token: deal.buyer.token).decode(ConversationMessage.self).id)
            }
            let page = try await changes(app, since: before, limit: 2, token: deal.seller.token)
            #expect(Set(page.changes.map(\.id)) == Set(together))
            #expect(page.changes.count == 3)
            let after = try await changes(app, since: page.cursor, limit: 2, token: deal.seller.token)
            #expect(after.changes.isEmpty && !after.more)
        }
    }

    @Test("a cursor older than 30 days is 410 changes_start_over; one this server did not issue is 422 naming since; signed out is 401")
    func refusals() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: { $0.tokenLifetime = 90 * 86_400 }) { app in
            let user = try await app.register(name: "Una")
            let start = try await changes(app, since: nil, token: user.token)
            clock.advance(by: 29 * 86_400)
            #expect(try await app.send(.GET, "/api/v1/me/changes?since=\(start.cursor)", token: user.token).status == .ok)
            clock.advance(by: 2 * 86_400)
            let gone = try await app.send(.GET, "/api/v1/me/changes?since=\(start.cursor)", token: user.token)
            #expect(gone.status == .gone)
            #expect(try gone.error.code == "changes_start_over")

            let forged = try await app.send(.GET, "/api/v1/me/changes?since=not-ours&limit=0", token: user.token)
            #expect(forged.status == .unprocessableEntity)
            #expect(try Set(forged.error.fields?.keys.map { $0 } ?? []) == ["since", "limit"])
            #expect(try await app.send(.GET, "/api/v1/me/changes").status == .unauthorized)
        }
    }
}
