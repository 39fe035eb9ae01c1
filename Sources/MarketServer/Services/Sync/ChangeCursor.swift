import Foundation

/// Where `GET /me/changes` goes on from: every change up to and including `at` was given. `at`
/// is a change's time as this server decoded it (kept as its exact seconds), compared in Swift,
/// not bound back into SQL: a time bound back came back an ulp off on SQLite (`PageCursor`).
struct ChangeCursor: Codable, Sendable, Equatable, ValidatedToken {
    /// Seconds since 2001, as `Date` holds them, so the time comes back exactly.
    var at: Double

    var date: Date { Date(timeIntervalSinceReferenceDate: at) }
    var token: String { OpaqueToken.encode(self) }
    var isValid: Bool { at.isFinite }

    init(_ date: Date) {
        at = date.timeIntervalSinceReferenceDate
    }
}
