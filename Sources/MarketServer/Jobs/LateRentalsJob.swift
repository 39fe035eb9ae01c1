import Foundation
import Vapor

extension Job {
    /// Flags rentals not returned by their end (`LATE_SWEEP_SECONDS`, 30 s): writes `orders.late_at`,
    /// their history and the notifications.
    static func lateRentals(every interval: TimeInterval) -> Job {
        Job("late rentals", every: interval) { app in
            let late = try await app.domainServices().lateRentals.sweep()
            return late > 0 ? "flagged \(late) rental(s) not returned by their end" : nil
        }
    }
}
