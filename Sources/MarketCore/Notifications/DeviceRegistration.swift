import Foundation

/// `POST /api/v1/me/devices`: a phone that wants pushes, as the app got its token from iOS.
public struct DeviceRegistration: Codable, Sendable, Equatable {
    /// The APNs device token, as hex (64 characters today; Apple may lengthen it).
    public var token: String?
    public var environment: String?

    public init(token: String, environment: PushEnvironment) {
        self.token = token
        self.environment = environment.rawValue
    }

    /// The token in lowercase hex and the environment, or the fields that are wrong.
    public func validated() -> (token: String, environment: PushEnvironment)? {
        problems().isEmpty ? (token!.lowercased(), PushEnvironment(rawValue: environment!)!) : nil
    }

    public func problems() -> FieldErrors {
        var errors = FieldErrors()
        if let token {
            if !(32...200).contains(token.count) || token.count % 2 != 0 || !token.allSatisfy({ $0.isASCII && $0.isHexDigit }) {
                errors.note("token", "must be the device token iOS gave the app, as hex")
            }
        } else {
            errors.note("token", "is required")
        }
        if let environment {
            if PushEnvironment(rawValue: environment) == nil { errors.note("environment", "must be sandbox or production") }
        } else {
            errors.note("environment", "is required: sandbox or production")
        }
        return errors
    }
}
