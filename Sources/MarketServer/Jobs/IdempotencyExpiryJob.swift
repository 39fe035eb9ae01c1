import Foundation
import Vapor

extension Job {
    /// Deletes `Idempotency-Key`s and their answers kept longer than a day
    /// (`IdempotentRequests.retention`), every ten minutes: touches `idempotent_requests` only.
    static let idempotencyExpiry = Job("idempotency-key expiry", every: 600) { app in
        try await app.domainServices().idempotentRequests.sweep()
        return nil
    }
}
