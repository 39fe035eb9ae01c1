import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Each person's channels per topic, and the phones they register for pushes.
@Suite("Notification settings and devices")
struct NotificationSettingsTests {
    @Test("settings start at the defaults; a PUT changes only what it names; messages stay in the inbox (422 by field)")
    func settings() async throws {
        try await withTestApp { app in
            let ada = try await app.register(name: "Ada")
            #expect(try await app.send(.GET, "/api/v1/me/notification-settings").status == .unauthorized)
            let initial = try await app.send(.GET, "/api/v1/me/notification-settings", token: ada.token).decode(NotificationSettings.self)
            #expect(initial == .defaults)
            let update = NotificationSettingsUpdate(orders: .init(email: false), savedSearches: .init(push: true))
            let changed = try await app.send(.PUT, "/api/v1/me/notification-settings", json: update, token: ada.token).decode(NotificationSettings.self)
            #expect(!changed.orders.email && changed.orders.inApp && changed.orders.push && changed.savedSearches.push)
            #expect(changed.messages == NotificationSettings.defaults.messages)
            let refused = try await app.send(.PUT, "/api/v1/me/notification-settings",
                                             json: NotificationSettingsUpdate(messages: .init(inApp: false), favorites: .init(push: false)), token: ada.token)
            #expect(refused.status == .unprocessableEntity)
            #expect(try refused.decode(APIErrorBody.self).error.fields?["messages.inApp"] != nil)
            // Refused as a whole: favorites kept their push too.
            let after = try await app.send(.GET, "/api/v1/me/notification-settings", token: ada.token).decode(NotificationSettings.self)
            #expect(after == changed)
            let other = try await app.register(name: "Bea")
            #expect(try await app.send(.GET, "/api/v1/me/notification-settings", token: other.token).decode(NotificationSettings.self) == .defaults)
        }
    }

    @Test("in-app notifications of a topic turned off are not stored; other topics still are")
    func inAppOff() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            _ = try await app.send(.PUT, "/api/v1/me/notification-settings", json: NotificationSettingsUpdate.setting(.orders, .inApp, to: false),
                                   token: deal.seller.token)
            #expect(try await app.purchase(deal.listing.id, token: deal.buyer.token).status == .created)
            #expect(try await app.notifications(token: deal.seller.token).items.isEmpty)
            let second = try await app.createListing(.sample("Second lamp"), token: deal.seller.token)
            _ = try await app.send(.PUT, "/api/v1/me/notification-settings", json: NotificationSettingsUpdate.setting(.orders, .inApp, to: true),
                                   token: deal.seller.token)
            #expect(try await app.purchase(second.id, token: deal.buyer.token).status == .created)
            #expect(try await app.notifications(token: deal.seller.token).items.map(\.kind) == [.purchaseRequested])
        }
    }

    @Test("a phone registers once (201, then 200), moves to whoever registers it next, is listed and forgotten; bad fields are 422 by name")
    func devices() async throws {
        try await withTestApp { app in
            let ada = try await app.register(name: "Ada"), bea = try await app.register(name: "Bea")
            let token = String(repeating: "ab12", count: 16)
            let first = try await app.send(.POST, "/api/v1/me/devices", json: DeviceRegistration(token: token, environment: .sandbox), token: ada.token)
            #expect(first.status == .created)
            #expect(try first.decode(PushDevice.self).tokenEnding == String(token.suffix(8)))
            #expect(try await app.send(.POST, "/api/v1/me/devices", json: DeviceRegistration(token: token.uppercased(), environment: .sandbox),
                                       token: ada.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/me/devices", token: ada.token).decode([PushDevice].self).count == 1)
            // Bea signs in on Ada's old phone: the phone is hers now.
            #expect(try await app.send(.POST, "/api/v1/me/devices", json: DeviceRegistration(token: token, environment: .production),
                                       token: bea.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/me/devices", token: ada.token).decode([PushDevice].self).isEmpty)
            #expect(try await app.send(.DELETE, "/api/v1/me/devices/\(token)", token: ada.token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/me/devices", token: bea.token).decode([PushDevice].self).map(\.environment) == [.production])
            #expect(try await app.send(.DELETE, "/api/v1/me/devices/\(token)", token: bea.token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/me/devices", token: bea.token).decode([PushDevice].self).isEmpty)

            struct Raw: Content { var token: String?; var environment: String? }
            for (body, field) in [(Raw(token: "xyz", environment: "sandbox"), "token"), (Raw(token: token, environment: "staging"), "environment"),
                                  (Raw(token: nil, environment: "sandbox"), "token"), (Raw(token: String(repeating: "a", count: 63), environment: "production"), "token")] {
                let refused = try await app.send(.POST, "/api/v1/me/devices", json: body, token: ada.token)
                #expect(refused.status == .unprocessableEntity)
                #expect(try refused.decode(APIErrorBody.self).error.fields?[field] != nil, "\(body)")
            }
        }
    }
}
