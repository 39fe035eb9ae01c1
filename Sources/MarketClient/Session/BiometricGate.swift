import Foundation
#if canImport(LocalAuthentication)
import LocalAuthentication
#endif

/// Asked before a stored token is used (Teebay's biometric re-login): the app opens signed in
/// only after the person proves they are the phone's owner.
public protocol BiometricGate: Sendable {
    /// True when the person passed (Face ID, Touch ID or the device passcode).
    func authorize(reason: String) async -> Bool
}

/// No gate: the stored token is used as it is (Linux, the command line, tests).
public struct OpenGate: BiometricGate {
    public init() {}
    public func authorize(reason: String) async -> Bool { true }
}

#if canImport(LocalAuthentication)
/// Face ID or Touch ID, falling back to the device passcode.
public struct LocalAuthenticationGate: BiometricGate {
    public init() {}

    public func authorize(reason: String) async -> Bool {
        let context = LAContext()
        var error: NSError?
        guard context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error) else { return false }
        return (try? await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: reason)) ?? false
    }
}
#endif
