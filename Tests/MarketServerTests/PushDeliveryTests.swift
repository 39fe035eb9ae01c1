import Fluent
import Foundation
import JWTKit
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Pushes to phones through a local stand-in for Apple's push service that checks the provider
/// token, the headers and the payload as Apple does.
@Suite("Pushes to phones")
struct PushDeliveryTests {
    static func withPushApp(_ apns: APNsStandIn, clock: TestClock, _ test: (Application) async throws -> Void) async throws {
        let settings = try APNsSettings(key: ES256PrivateKey(pem: String(contentsOfFile: apns.keyFile, encoding: .utf8)), keyID: apns.keyID,
                                        teamID: apns.teamID, topic: apns.topic,
                                        endpoints: [.sandbox: apns.url, .production: apns.url], caFile: apns.caFile)
        try await withTestApp(clock: clock, adjust: { $0.notify.apns = settings }, test)
    }

    /// Waits (up to 20 s: the delivery loop ticks every 2 s) until `condition` holds.
    static func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    static let phone = String(repeating: "0f1e", count: 16)

    @Test("an order pushes to the seller's phone: Apple's headers, a signed provider token, the alert and where it opens")
    func orderPush() async throws {
        let apns = try await APNsStandIn.start()
        defer { Task { await apns.stop() } }
        try await Self.withPushApp(apns, clock: TestClock(start: Date())) { app in
            let deal = try await app.deal()
            #expect(try await app.send(.POST, "/api/v1/me/devices", json: DeviceRegistration(token: Self.phone, environment: .sandbox),
                                       token: deal.seller.token).status == .created)
            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            #expect(try await Self.eventually { apns.pushes.count == 1 }, "refused: \(apns.refusals)")
            let push = try #require(apns.pushes.first)
            #expect(push.deviceToken == Self.phone)
            #expect(push.headers["apns-topic"] == "edu.campus.market" && push.headers["apns-push-type"] == "alert" && push.headers["apns-priority"] == "10")
            let payload = try JSONSerialization.jsonObject(with: push.payload) as? [String: Any]
            #expect(payload?["kind"] as? String == "purchase_requested")
            #expect(payload?["path"] as? String == "/orders/\(order.id)")
            let alert = (payload?["aps"] as? [String: Any])?["alert"] as? [String: Any]
            #expect(alert?["title"] as? String == "Orders and offers")
            #expect((alert?["body"] as? String)?.contains(deal.listing.title) == true)
            #expect(apns.refusals.isEmpty)
            // Nothing stays queued once Apple took it.
            #expect(try await Self.eventually { try await app.db.sql.raw("SELECT COUNT(*) AS n FROM push_outbox").first(decodingColumn: "n", as: Int.self) == 0 })
        }
    }

    @Test("a message pushes to the other side unless they turned phones off for messages; the sender's own phone gets nothing")
    func messagePush() async throws {
        let apns = try await APNsStandIn.start()
        defer { Task { await apns.stop() } }
        try await Self.withPushApp(apns, clock: TestClock(start: Date())) { app in
            let deal = try await app.deal()
            let buyerPhone = String(repeating: "b0", count: 32)
            _ = try await app.send(.POST, "/api/v1/me/devices", json: DeviceRegistration(token: Self.phone, environment: .production), token: deal.seller.token)
            _ = try await app.send(.POST, "/api/v1/me/devices", json: DeviceRegistration(token: buyerPhone, environment: .sandbox), token: deal.buyer.token)
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            #expect(try await app.sendMessage("Is the lamp still there?", in: conversation.id, token: deal.buyer.token).status == .created)
            #expect(try await Self.eventually { apns.pushes.count == 1 })
            let payload = try JSONSerialization.jsonObject(with: try #require(apns.pushes.first).payload) as? [String: Any]
            #expect(payload?["kind"] as? String == "message_received" && payload?["path"] as? String == "/messages/\(conversation.id)")
            #expect(apns.pushes.first?.deviceToken == Self.phone)
            _ = try await app.send(.PUT, "/api/v1/me/notification-settings", json: NotificationSettingsUpdate.setting(.messages, .push, to: false),
                                   token: deal.seller.token)
            #expect(try await app.sendMessage("Hello?", in: conversation.id, token: deal.buyer.token).status == .created)
            try await Task.sleep(for: .seconds(3))
            #expect(apns.pushes.count == 1)
        }
    }

    @Test("Apple's 410 forgets the phone; a 429 is retried later and then delivered")
    func unregisteredAndThrottled() async throws {
        let apns = try await APNsStandIn.start()
        defer { Task { await apns.stop() } }
        let clock = TestClock(start: Date())
        try await Self.withPushApp(apns, clock: clock) { app in
            let seller = try await app.register(name: "Sam"), buyer = try await app.register(name: "Bea")
            let gone = String(repeating: "dead", count: 16)
            for phone in [gone, Self.phone] {
                _ = try await app.send(.POST, "/api/v1/me/devices", json: DeviceRegistration(token: phone, environment: .sandbox), token: seller.token)
            }
            apns.unregister(gone)
            apns.throttle(next: 1)
            let listing = try await app.createListing(.sample("Kettle"), token: seller.token)
            #expect(try await app.purchase(listing.id, token: buyer.token).status == .created)
            #expect(try await Self.eventually {
                try await app.send(.GET, "/api/v1/me/devices", token: seller.token).decode([PushDevice].self).map(\.tokenEnding) == [String(Self.phone.suffix(8))]
            })
            // The two phones' pushes are sent one after the other, in no set order: wait for both answers.
            #expect(try await Self.eventually { apns.refusals.contains("Unregistered") && apns.refusals.contains("TooManyRequests") },
                    "refused: \(apns.refusals)")
            // The throttled push waits for its retry (15 s later), then goes.
            try await Task.sleep(for: .seconds(3))
            #expect(apns.pushes.isEmpty)
            clock.advance(by: 20)
            #expect(try await Self.eventually { apns.pushes.map(\.deviceToken) == [Self.phone] }, "refused: \(apns.refusals)")
        }
    }

    @Test("the provider token is kept for 50 minutes, then signed again before Apple's hour is up")
    func providerTokenRenewed() async throws {
        let apns = try await APNsStandIn.start()
        defer { Task { await apns.stop() } }
        let settings = try APNsSettings(key: ES256PrivateKey(pem: String(contentsOfFile: apns.keyFile, encoding: .utf8)), keyID: apns.keyID,
                                        teamID: apns.teamID, topic: apns.topic, endpoints: [.sandbox: apns.url], caFile: apns.caFile)
        let client = try APNsClient(settings: settings)
        let payload = #"{"aps":{"alert":{"title":"t","body":"b"}}}"#
        let start = Date().addingTimeInterval(-55 * 60)
        #expect(try await client.send(payload, to: Self.phone, in: .sandbox, now: start) == .sent)
        #expect(try await client.send(payload, to: Self.phone, in: .sandbox, now: start.addingTimeInterval(30 * 60)) == .sent)
        #expect(apns.providerTokens.count == 1)
        #expect(try await client.send(payload, to: Self.phone, in: .sandbox, now: start.addingTimeInterval(51 * 60)) == .sent)
        #expect(apns.providerTokens.count == 2)
        #expect(apns.refusals == [])
        // A stranger's key is refused as Apple refuses it.
        let stranger = APNsSettings(key: ES256PrivateKey(), keyID: apns.keyID, teamID: apns.teamID, topic: apns.topic,
                                    endpoints: [.sandbox: apns.url], caFile: apns.caFile)
        let forged = try APNsClient(settings: stranger)
        #expect(try await forged.send(payload, to: Self.phone, in: .sandbox, now: Date()) == .refused(reason: "InvalidProviderToken"))
        var wrongTopic = settings
        wrongTopic.topic = "edu.other.app"
        let misaddressed = try APNsClient(settings: wrongTopic)
        #expect(try await misaddressed.send(payload, to: Self.phone, in: .sandbox, now: Date()) == .refused(reason: "BadTopic"))
        for other in [client, forged, misaddressed] { await other.shutdown() }
    }
}
