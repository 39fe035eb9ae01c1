import Foundation
import MarketCore
import Observation

/// The notification settings screen: a toggle per topic and channel, saved as it is flipped
/// (offline, shown flipped and kept to send: ``waiting``), and the phone's registration for pushes.
@MainActor
@Observable
public final class NotificationSettingsViewModel: ReadingScreen {
    public private(set) var settings: NotificationSettings?
    public private(set) var devices: [PushDevice] = []
    /// The changes flipped offline, to be saved once the network returns.
    public private(set) var waiting: [OutboxItem] = []
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load() async {
        await read({ try await client.send(NotificationSettingsEndpoint.get) as NotificationSettings }) { settings = $0 }
        refreshWaiting()
        // What waits is shown as flipped over what the server (or the device) had.
        if let shown = settings { settings = waitingUpdate().applied(to: shown).0 }
        if let devices: [PushDevice] = try? await client.send(DeviceEndpoint.list) { self.devices = devices }
    }

    /// Whether the toggle can be flipped (messages always show in the inbox).
    public func canChange(_ topic: NotificationTopic, _ channel: NotificationChannel) -> Bool {
        !NotificationSettings.isFixed(topic, channel)
    }

    /// Flips one toggle; on failure the settings stay as the server has them.
    @discardableResult
    public func set(_ topic: NotificationTopic, _ channel: NotificationChannel, to on: Bool) async -> Bool {
        let update = NotificationSettingsUpdate.setting(topic, channel, to: on)
        guard let delivery = await perform({
            try await client.sendOrKeep(NotificationSettingsEndpoint.update(update), as: NotificationSettings.self,
                                        summary: on ? "Turn on \(channel.label) for \(topic.label)" : "Turn off \(channel.label) for \(topic.label)")
        }) else { return false }
        switch delivery {
        case .sent(let saved): settings = saved
        case .waiting: settings = settings.map { update.applied(to: $0).0 }
        }
        refreshWaiting()
        return true
    }

    private func refreshWaiting() {
        let path = NotificationSettingsEndpoint.update(NotificationSettingsUpdate()).path
        waiting = client.store?.outbox(under: path).filter { !$0.isFailed } ?? []
    }

    /// The changes that wait, as one update (the later winning).
    private func waitingUpdate() -> NotificationSettingsUpdate {
        waiting.compactMap { $0.draft(as: NotificationSettingsUpdate.self) }.reduce(NotificationSettingsUpdate()) { $0.merging($1) }
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
