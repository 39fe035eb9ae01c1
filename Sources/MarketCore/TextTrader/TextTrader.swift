/// Text Trader's backend contract, mounted under `/texttrader`: the bodies its iOS app sends
/// and reads, kept exactly (`{"message"}` errors, the email sent as the username). Each request
/// is turned into the main API's request and validated by the same rules.
public enum TextTrader {
    /// The header that carries the key an operator issued with `campusmarket create-api-key`.
    public static let apiKeyHeader = "x-api-key"

    /// Every error of the contract: `{"message": "..."}`.
    public struct ErrorBody: Codable, Sendable, Equatable {
        public var message: String
        public init(message: String) { self.message = message }
    }
}
