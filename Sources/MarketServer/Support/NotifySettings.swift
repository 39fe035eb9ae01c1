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

/// Token-based connection to Apple's push service: the team's signing key (a .p8 file from the
/// developer account), its key id, the team, and the app's bundle id as the topic.
public struct APNsSettings: Sendable {
    var key: ES256PrivateKey
    var keyID: String
    var teamID: String
    /// The app's bundle id (`apns-topic`).
    var topic: String
    /// Where each environment's pushes go; the settings may point one at a local stand-in.
    var endpoints: [PushEnvironment: String] = [.production: "https://api.push.apple.com", .sandbox: "https://api.sandbox.push.apple.com"]
    /// `APNS_CA_FILE`: a certificate authority trusted besides the system's (a stand-in's).
    var caFile: String?

    static func read(appleAppID: String?) throws -> APNsSettings? {
        guard let keyFile = Environment.get("APNS_KEY_FILE"), !keyFile.isEmpty else { return nil }
        guard let pem = try? String(contentsOfFile: keyFile, encoding: .utf8) else {
            throw ConfigurationError("APNS_KEY_FILE names \(keyFile), which cannot be read")
        }
        guard let key = try? ES256PrivateKey(pem: pem) else {
            throw ConfigurationError("APNS_KEY_FILE must hold the .p8 key Apple gave for push (an EC P-256 private key in PEM); \(keyFile) does not")
        }
        let appID = appleAppID?.split(separator: ".", maxSplits: 1).map(String.init)
        guard let keyID = Environment.get("APNS_KEY_ID"), keyID.count == 10, keyID.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            throw ConfigurationError("APNS_KEY_ID must be the 10-character id of the key in APNS_KEY_FILE, like ABC123DEFG")
        }
        guard let teamID = Environment.get("APNS_TEAM_ID") ?? appID?.first, teamID.count == 10 else {
            throw ConfigurationError("APNS_TEAM_ID (or APPLE_APP_ID) must give the 10-character team id the key belongs to")
        }
        guard let topic = Environment.get("APNS_TOPIC") ?? appID?.last, !topic.isEmpty, !topic.contains(" ") else {
            throw ConfigurationError("APNS_TOPIC (or APPLE_APP_ID) must give the app's bundle id, like edu.campus.market")
        }
        var settings = APNsSettings(key: key, keyID: keyID, teamID: teamID, topic: topic)
        for (environment, variable) in [(PushEnvironment.production, "APNS_PRODUCTION_URL"), (.sandbox, "APNS_SANDBOX_URL")] {
            guard let url = Environment.get(variable), !url.isEmpty else { continue }
            guard url.hasPrefix("https://"), URLComponents(string: url)?.host != nil else {
                throw ConfigurationError("\(variable) must be an https:// address (Apple's push service speaks HTTP/2 over TLS), not '\(url)'")
            }
            settings.endpoints[environment] = url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        if let caFile = Environment.get("APNS_CA_FILE"), !caFile.isEmpty {
            guard FileManager.default.isReadableFile(atPath: caFile) else { throw ConfigurationError("APNS_CA_FILE names \(caFile), which cannot be read") }
            settings.caFile = caFile
        }
        return settings
    }
}
