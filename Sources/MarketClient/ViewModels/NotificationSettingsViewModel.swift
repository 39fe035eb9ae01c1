import Foundation
import MarketCore
import Observation

/// The notification settings screen: a toggle per topic and channel, saved as it is flipped,
/// and the phone's registration for pushes.
@MainActor
@Observable
public final class NotificationSettingsViewModel: ScreenModel {
    public private(set) var settings: NotificationSettings?
    public private(set) var devices: [PushDevice] = []
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load() async {
        if let settings: NotificationSettings = await perform({ try await client.send(NotificationSettingsEndpoint.get) }) { self.settings = settings }
        if let devices: [PushDevice] = await perform({ try await client.send(DeviceEndpoint.list) }) { self.devices = devices }
    }

    /// Whether the toggle can be flipped (messages always show in the inbox).
    public func canChange(_ topic: NotificationTopic, _ channel: NotificationChannel) -> Bool {
        !NotificationSettings.isFixed(topic, channel)
    }

    /// Flips one toggle; on failure the settings stay as the server has them.
    @discardableResult
    public func set(_ topic: NotificationTopic, _ channel: NotificationChannel, to on: Bool) async -> Bool {
        let update = NotificationSettingsUpdate.setting(topic, channel, to: on)
        guard let settings: NotificationSettings = await perform({ try await client.send(NotificationSettingsEndpoint.update(update)) })
        else { return false }
        self.settings = settings
        return true
    }

    /// Registers this phone's APNs token (from `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`).
    @discardableResult
    public func registerDevice(token: Data, environment: PushEnvironment) async -> Bool {
        let hex = Self.hex(token)
        guard let device: PushDevice = await perform({ try await client.send(DeviceEndpoint.register(DeviceRegistration(token: hex, environment: environment))) })
        else { return false }
        devices.removeAll { $0.id == device.id }
        devices.insert(device, at: 0)
        return true
    }

    /// Stops pushes to this phone (call before signing out).
    @discardableResult
    public func forgetDevice(token: Data) async -> Bool {
        let hex = Self.hex(token)
        guard await perform({ () async throws -> Void in try await client.send(DeviceEndpoint.forget(token: hex)) }) != nil else { return false }
        devices.removeAll { $0.tokenEnding == String(hex.suffix(8)) }
        return true
    }

    /// An APNs device token as the API takes it: lowercase hex.
    private static func hex(_ token: Data) -> String { token.map { String(format: "%02x", $0) }.joined() }
}
