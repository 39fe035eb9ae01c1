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
}
