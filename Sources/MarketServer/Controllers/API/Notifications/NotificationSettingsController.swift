import MarketCore
import Vapor

/// `/api/v1/me/notification-settings`: how the caller hears of each topic, and
/// `/api/v1/me/devices`: the phones pushes go to.
struct NotificationSettingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let me = routes.grouped("me")
        me.get("notification-settings", use: settings)
        me.put("notification-settings", use: update)
        me.get("devices", use: devices)
        me.post("devices", use: register)
        me.delete("devices", ":token", use: forget)
    }

    func settings(req: Request) async throws -> NotificationSettings {
        try await req.domain.notificationPreferences.settings(of: try req.requireUserID())
    }

    func update(req: Request) async throws -> NotificationSettings {
        try await req.domain.notificationPreferences.update(try req.jsonBody(NotificationSettingsUpdate.self), for: try req.requireUserID())
    }

    func devices(req: Request) async throws -> [PushDevice] {
        try await req.domain.pushDevices.list(for: try req.requireUserID())
    }

    func register(req: Request) async throws -> Response {
        let (device, created) = try await req.domain.pushDevices.register(try req.jsonBody(DeviceRegistration.self), for: try req.requireUserID())
        return try await device.encodeResponse(status: created ? .created : .ok, for: req)
    }

    func forget(req: Request) async throws -> HTTPStatus {
        guard let token = req.parameters.get("token") else { throw APIError.notFoundAtAddress }
        try await req.domain.pushDevices.forget(token, for: try req.requireUserID())
        return .noContent
    }
}
