import Foundation
import Vapor

extension AppSettings {
    public enum PhotoStoreChoice: Sendable {
        /// `DATA_DIR/photos`: right for one instance.
        case local
        /// An S3-compatible bucket every instance shares.
        case s3(S3Settings)
    }

    /// Reads where files live and how they are kept: `PHOTO_STORE` (and the S3 settings it
    /// needs), `PHOTO_SWEEP_SECONDS`, `THEME_DIR`, `SQLITE_CHECKPOINT_SECONDS`.
    mutating func readStorage() throws {
        if let store = Environment.get("PHOTO_STORE"), !store.isEmpty, store != "local" {
            guard store.hasPrefix("s3://") else {
                throw ConfigurationError("PHOTO_STORE must be 'local' (DATA_DIR/photos) or s3://BUCKET[/PREFIX], not '\(store)'")
            }
            self.photoStore = .s3(try S3Settings.parse(store, environment: { Environment.get($0) }))
        }
        if let theme = Environment.get("THEME_DIR"), !theme.isEmpty { self.themeDirectory = theme }
        if let seconds = try Self.integer("SQLITE_CHECKPOINT_SECONDS", in: 0...3_600) { self.sqliteCheckpointInterval = TimeInterval(seconds) }
        if let seconds = try Self.integer("PHOTO_SWEEP_SECONDS", in: 60...604_800) { self.photoSweepInterval = TimeInterval(seconds) }
    }
}
