import Fluent
import Foundation

/// The ways an account can sign in: its password, a linked Apple ID, its passkeys. Removing one
/// is refused when no other would remain (Apple unlink, passkey removal ask the same question).
struct SignInMethods {
    let user: UserRecord
    let database: any Database

    /// How many ways to sign in remain once Apple (`withoutApple`) or the passkey `withoutPasskey`
    /// is gone.
    func remaining(withoutApple: Bool = false, withoutPasskey passkeyID: UUID? = nil) async throws -> Int {
        let passkeys = try PasskeyRecord.query(on: database).filter(\.$user.$id == user.requireID())
        if let passkeyID { passkeys.filter(\.$id != passkeyID) }
        let password = user.passwordHash == nil ? 0 : 1
        let apple = user.appleSubject == nil || withoutApple ? 0 : 1
        return try await password + apple + passkeys.count()
    }
}
