import Vapor

extension Request {
    /// The signed-in caller, or 401.
    func requireSession() throws -> Session {
        guard let session = auth.get(Session.self) else { throw APIError.unauthenticated }
        return session
    }

    /// The signed-in user's id, or 401.
    func requireUserID() throws -> UUID {
        try requireSession().user.requireID()
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

extension Request {
    /// Sign in with Apple is off until the operator names the audiences (`APPLE_AUDIENCES`):
    /// its routes then answer 404, as if they did not exist.
    func requireAppleSignIn() throws {
        if application.settings.appleAudiences.isEmpty { throw APIError.notFoundAtAddress }
    }

    /// The web app's Apple flow needs a Services ID (`APPLE_WEB_SERVICES_ID`); without one its
    /// pages show no Apple button and its routes answer 404.
    func requireAppleWebServicesID() throws -> String {
        guard let servicesID = application.settings.appleWebServicesID else { throw APIError.notFoundAtAddress }
        return servicesID
    }
}
