import Vapor

extension PeriodicJob {
    /// Deletes stored photos no listing has used for `photoSweepGrace` (`PHOTO_SWEEP_SECONDS`, an
    /// hour): reads `listing_photos`, deletes files from the photo store.
    static func photoSweep() -> PeriodicJob {
        PeriodicJob("photo sweep", every: \.photoSweepInterval) { app in
            let removed = try await app.domainServices().photoSweep.sweep()
            return removed > 0 ? "removed \(removed) stored photo(s) no listing uses" : nil
        }
    }
}
