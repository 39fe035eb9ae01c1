import Foundation
import JWTKit
import MarketCore
import Vapor

/// How notifications leave the server: when mail about them goes, and Apple's push service.
public struct NotifySettings: Sendable {
    /// `NOTIFY_MAIL_DELAY_MINUTES`: a message or an order's news is mailed when still unread this
    /// long after it came, so a person reading along is not mailed what they already saw.
    public var mailDelay: TimeInterval = 300
    /// `NOTIFY_SWEEP_SECONDS`: how often due notification mail is looked for.
    public var sweepInterval: TimeInterval = 30
    /// `DIGEST_HOUR`: the hour of the day, in the person's campus time, of the daily mail.
    public var digestHour = 8
    /// Apple's push service; nil until `APNS_KEY_FILE` is set (phones register, nothing is pushed).
    public var apns: APNsSettings?

    /// Reads the settings above and the `APNS_*` ones.
    static func read(appleAppID: String?) throws -> NotifySettings {
        var settings = NotifySettings()
        if let minutes = try AppSettings.integer("NOTIFY_MAIL_DELAY_MINUTES", in: 0...1_440) { settings.mailDelay = TimeInterval(minutes) * 60 }
        if let seconds = try AppSettings.integer("NOTIFY_SWEEP_SECONDS", in: 1...3_600) { settings.sweepInterval = TimeInterval(seconds) }
        if let hour = try AppSettings.integer("DIGEST_HOUR", in: 0...23) { settings.digestHour = hour }
        settings.apns = try APNsSettings.read(appleAppID: appleAppID)
        return settings
    }
}
