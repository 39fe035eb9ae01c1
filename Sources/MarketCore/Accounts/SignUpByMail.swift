import Foundation

/// `POST /api/v1/auth/register` on a server that confirms sign-ups by mail (`SIGNUP_BY_MAIL`,
/// on when it sends mail): 202 with this, word for word the same whether or not the address
/// already has an account, so a sign-up form cannot be used to learn who studies here.
public struct SignUpMailed: Codable, Sendable, Equatable {
    public var message: String

    public init(message: String) { self.message = message }

    public static func message(to email: String) -> SignUpMailed {
        // In the language of the one asking (`Localizer.current`: the request's).
        SignUpMailed(message: ("We mailed a link to \(email). Open it within 24 hours to finish creating your account." as Phrase).localized)
    }
}

/// `POST /api/v1/auth/register/confirm`: the token of the mailed link, and the password chosen
/// when signing up. The password proves the person who opened the link is the one who asked: a
/// link someone else asked for (with a password they know) must not make its reader an account
/// its asker can sign in to.
public struct SignUpConfirmation: Codable, Sendable, Equatable {
    public var token: String
    public var password: String?

    public init(token: String, password: String?) {
        self.token = token
        self.password = password
    }
}

/// What registering answered: signed in at once (a server that sends no mail), or a link mailed.
public enum RegistrationOutcome: Decodable, Sendable, Equatable {
    case signedIn(AuthResponse)
    case mailed(SignUpMailed)

    public init(from decoder: any Decoder) throws {
        if let auth = try? AuthResponse(from: decoder) {
            self = .signedIn(auth)
        } else {
            self = .mailed(try SignUpMailed(from: decoder))
        }
    }
}
