import Foundation

/// A decoded token that can still be out of range (a hand-edited cursor).
protocol ValidatedToken {
    var isValid: Bool { get }
}

extension ValidatedToken {
    var isValid: Bool { true }
}
