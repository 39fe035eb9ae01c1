import Foundation
import Vapor

extension AppSettings {
    public enum PhotoStoreChoice: Sendable {
        /// `DATA_DIR/photos`: right for one instance.
        case local
        /// An S3-compatible bucket every instance shares.
        case s3(S3Settings)
    }

    /// Reads how the server runs as a service: `PHOTO_STORE` (and the S3 settings it needs),
    /// `PHOTO_SWEEP_SECONDS`, `THEME_DIR`, `SQLITE_CHECKPOINT_SECONDS`, `OTEL_EXPORTER_OTLP_ENDPOINT`,
    /// `OTEL_SERVICE_NAME`, `APPLE_APP_ID`, and how notifications leave (`NotifySettings`).
    mutating func readStorage() throws {
        if let store = Environment.get("PHOTO_STORE"), !store.isEmpty, store != "local" {
            guard store.hasPrefix("s3://") else {
                throw ConfigurationError("PHOTO_STORE must be 'local' (DATA_DIR/photos) or s3://BUCKET[/PREFIX], not '\(store)'")
            }
            self.photoStore = .s3(try S3Settings.parse(store, environment: { Environment.get($0) }))
        }
        if let endpoint = Environment.get("OTEL_EXPORTER_OTLP_ENDPOINT"), !endpoint.isEmpty {
            guard let url = URLComponents(string: endpoint), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ConfigurationError("OTEL_EXPORTER_OTLP_ENDPOINT must be a collector's OTLP/HTTP address like http://collector:4318, not '\(endpoint)'")
            }
            self.tracingEndpoint = endpoint
        }
        if let name = Environment.get("OTEL_SERVICE_NAME"), !name.isEmpty { self.tracingServiceName = name }
        if let appID = Environment.get("APPLE_APP_ID"), !appID.isEmpty {
            let parts = appID.split(separator: ".", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }),
                  parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else {
                throw ConfigurationError("APPLE_APP_ID must be the app's team id and bundle id, like ABCDE12345.edu.campus.market, not '\(appID)'")
            }
            self.appleAppID = appID
        }
        self.notify = try NotifySettings.read(appleAppID: appleAppID)
        if let theme = Environment.get("THEME_DIR"), !theme.isEmpty { self.themeDirectory = theme }
        if let seconds = try Self.integer("SQLITE_CHECKPOINT_SECONDS", in: 0...3_600) { self.sqliteCheckpointInterval = TimeInterval(seconds) }
        if let seconds = try Self.integer("PHOTO_SWEEP_SECONDS", in: 60...604_800) { self.photoSweepInterval = TimeInterval(seconds) }
    }
}
