import Foundation
import JWTKit
import MarketCore
import Vapor

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
