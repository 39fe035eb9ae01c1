import MarketCore
import Vapor

/// `/settings/notifications`: a checkbox per topic and channel, the phones that get pushes; the
/// same service as `PUT /api/v1/me/notification-settings`. Works without script.
struct NotificationSettingsPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("settings", "notifications", use: show)
        routes.post("settings", "notifications", use: save)
        routes.post("settings", "devices", ":deviceID", "forget", use: forgetDevice)
    }

    struct Cell: Encodable {
        let name: String
        let label: String
        let on: Bool
        let fixed: Bool
    }

    struct Row: Encodable {
        let label: String
        let explanation: String
        let cells: [Cell]
    }

    struct Phone: Encodable {
        let id: UUID
        let label: String
    }

    struct Content: Encodable {
        let rows: [Row]
        let channels: [String]
        let phones: [Phone]
        let pushAvailable: Bool
        let mailAddress: String
    }

    func show(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let userID = try session.user.requireID()
        let settings = try await req.domain.notificationPreferences.settings(of: userID)
        let rows = NotificationTopic.allCases.map { topic in
            Row(label: topic.label.localized, explanation: topic.explanation.localized, cells: NotificationChannel.allCases.map { channel in
                Cell(name: Self.field(topic, channel), label: ("\(topic.label): \(channel.label)" as Phrase).localized, on: settings[topic][channel],
                     fixed: NotificationSettings.isFixed(topic, channel))
            })
        }
        let localTime = req.localTime
        let phones = try await req.domain.pushDevices.list(for: userID).map { device in
            Phone(id: device.id, label: (device.environment == .sandbox ? "Phone …\(device.tokenEnding) (test build), since \(localTime.day(device.registeredAt))" : "Phone …\(device.tokenEnding) (App Store), since \(localTime.day(device.registeredAt))" as Phrase).localized)
        }
        let content = Content(rows: rows, channels: NotificationChannel.allCases.map(\.label.localized), phones: phones,
                              pushAvailable: req.application.settings.notify.apns != nil, mailAddress: session.user.email)
        return try await req.renderPage("notification-settings", title: "Notification settings", content)
    }

    /// An unchecked box is not sent: every channel the form shows is set from what was sent.
    func save(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody([String: String].self)
        var update = NotificationSettingsUpdate()
        for topic in NotificationTopic.allCases {
            for channel in NotificationChannel.allCases where !NotificationSettings.isFixed(topic, channel) {
                let on = form[Self.field(topic, channel)] != nil
                update = update.merging(.setting(topic, channel, to: on))
            }
        }
        _ = try await req.domain.notificationPreferences.update(update, for: try session.user.requireID())
        return req.seeOther("/settings/notifications", notice: .settingsSaved)
    }

    func forgetDevice(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        try await req.domain.pushDevices.forget(id: try req.uuidParameter("deviceID"), for: try session.user.requireID())
        return req.seeOther("/settings/notifications", notice: .deviceForgotten)
    }

    static func field(_ topic: NotificationTopic, _ channel: NotificationChannel) -> String { "\(topic.rawValue)-\(channel.rawValue)" }
}
