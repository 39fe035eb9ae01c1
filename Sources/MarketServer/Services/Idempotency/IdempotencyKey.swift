/// The rule for an `Idempotency-Key` header's value (the IETF httpapi draft's header): what a
/// client may send, checked before anything is read or stored.
enum IdempotencyKey {
    static let header = "Idempotency-Key"
    static let maxLength = 255

    /// Whether `value` may be a key: 1–255 printable ASCII characters (a UUID, as the SDK
    /// sends, or any client's own scheme).
    static func isValid(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maxLength && value.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
