import Vapor

/// The settings `configure(_:settings:)` was given, for whatever runs in the application.
extension Application {
    private struct SettingsKey: StorageKey { typealias Value = AppSettings }

    public var settings: AppSettings {
        get {
            guard let settings = storage[SettingsKey.self] else { fatalError("configure(_:settings:) has not run") }
            return settings
        }
        set { storage[SettingsKey.self] = newValue }
    }
}
