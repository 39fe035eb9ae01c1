import Fluent
import Foundation
import SQLKit

/// How many failed sign-ins are allowed before the throttle refuses more.
public struct LoginThrottlePolicy: Sendable {
    /// Guesses at one account from one address: a guesser is stopped here, while a stranger's
    /// wrong guesses from elsewhere never lock the owner out of their own sign-in.
    public var maxFailuresPerAccount = 5
    /// Guesses at one account from every address together: a guesser spreading over many
    /// addresses is stopped too (it would take this many to lock the owner out).
    public var maxFailuresPerAccountFromAnywhere = 100
    /// Higher than per account: a campus puts many students behind few addresses.
    public var maxFailuresPerAddress = 50
    public var window: TimeInterval = 15 * 60

    public init() {}

    /// The same window for another action counted in the throttle's table (sign-ups, reset mail,
    /// data downloads): `perTarget` tries at one target (an email, an account) from every address
    /// together, and `perAddress` from one client address (unchanged when nil).
    public func limiting(perTarget: Int, perAddress: Int? = nil) -> LoginThrottlePolicy {
        var policy = self
        (policy.maxFailuresPerAccount, policy.maxFailuresPerAccountFromAnywhere) = (perTarget, perTarget)
        if let perAddress { policy.maxFailuresPerAddress = perAddress }
        return policy
    }
}
