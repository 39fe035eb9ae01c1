import Vapor

extension Application {
    private struct DecoyHashKey: StorageKey { typealias Value = String }

    /// A hash of no real password, verified when an account does not exist, so a wrong email
    /// takes as long to refuse as a wrong password. Set by `configure` at the configured cost.
    var decoyPasswordHash: String {
        get { storage[DecoyHashKey.self] ?? "" }
        set { storage[DecoyHashKey.self] = newValue }
    }
}
