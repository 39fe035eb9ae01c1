/// The JSON body of every failed API call:
/// `{"error": {"code": "snake_case", "message": "human sentence", "fields": {"price": "must be > 0"}}}`.
public struct APIErrorBody: Codable, Sendable, Equatable {
    public struct Detail: Codable, Sendable, Equatable {
        /// Stable, machine-readable reason, e.g. `validation_failed`, `email_taken`.
        public var code: String
        /// A sentence a person can read.
        public var message: String
        /// Field name → what is wrong with it, for errors caused by specific input fields.
        public var fields: [String: String]?

        public init(code: String, message: String, fields: [String: String]? = nil) {
            self.code = code
            self.message = message
            self.fields = fields
        }
    }

    public var error: Detail

    public init(error: Detail) {
        self.error = error
    }
}
