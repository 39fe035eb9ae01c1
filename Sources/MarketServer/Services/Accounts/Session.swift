import Crypto
import Fluent
import Foundation
import Vapor

/// The signed-in caller: the account and the token it presented (so logout revokes just that one).
struct Session: Authenticatable {
    let user: UserRecord
    let tokenID: UUID
    /// When this token was issued, i.e. when the person last proved who they are.
    let signedInAt: Date
}
