import Foundation
import Vapor

extension Job {
    /// Deletes stored photos no listing has used for `photoSweepGrace` (`PHOTO_SWEEP_SECONDS`, an
    /// hour): reads `listing_photos`, deletes files from the photo store.
    static func photoSweep(every interval: TimeInterval) -> Job {
        Job("photo sweep", every: interval) { app in
            let removed = try await app.domainServices().photoSweep.sweep()
            return removed > 0 ? "removed \(removed) stored photo(s) no listing uses" : nil
        }
    }
}
