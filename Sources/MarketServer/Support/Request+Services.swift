import Fluent
import Vapor

extension Request {
    /// The account rules, bound to this request's database and clock.
    var accounts: AccountService {
        AccountService(database: db, settings: application.settings, passwords: password.async,
                       decoyHash: application.decoyPasswordHash,
                       notificationSenders: application.notificationSenders, now: now)
    }

    var sessionTokens: SessionTokens {
        SessionTokens(database: db, lifetime: application.settings.tokenLifetime, now: now)
    }

    /// The signed-in caller, or 401.
    func requireSession() throws -> Session {
        guard let session = auth.get(Session.self) else { throw APIError.unauthenticated }
        return session
    }

    /// Who is calling, for throttling. `X-Forwarded-For` is believed only when the operator
    /// says a proxy of theirs sets it; otherwise anyone could pick their own address.
    var clientAddress: String {
        if application.settings.trustForwardedFor,
           let forwarded = headers.first(name: "X-Forwarded-For")?.split(separator: ",").first {
            return forwarded.trimmingCharacters(in: .whitespaces)
        }
        return remoteAddress?.ipAddress ?? "unknown"
    }
}

extension Application {
    private struct DecoyHashKey: StorageKey { typealias Value = String }

    var decoyPasswordHash: String {
        get { storage[DecoyHashKey.self] ?? "" }
        set { storage[DecoyHashKey.self] = newValue }
    }
}
