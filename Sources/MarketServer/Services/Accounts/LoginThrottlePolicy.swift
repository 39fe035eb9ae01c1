import Fluent
import Foundation
import SQLKit

/// How many failed sign-ins are allowed before the throttle refuses more.
public struct LoginThrottlePolicy: Sendable {
    public var maxFailuresPerAccount = 5
    /// Higher than per account: a campus puts many students behind few addresses.
    public var maxFailuresPerAddress = 50
    public var window: TimeInterval = 15 * 60

    public init() {}
}
