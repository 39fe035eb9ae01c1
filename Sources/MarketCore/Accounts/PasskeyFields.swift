import Foundation

enum PasskeyFields {
    static let knownTransports: Set<String> = ["usb", "nfc", "ble", "internal", "hybrid", "smart-card"]

    /// A required base64url field's bytes (at most 64 KB: no authenticator sends more).
    static func bytes(_ text: String?, _ field: String, into errors: inout FieldErrors) -> Data? {
        guard let text, !text.isEmpty else {
            errors.note(field, "is required")
            return nil
        }
        guard text.utf8.count <= 90_000, let bytes = Base64URL.decode(text), !bytes.isEmpty else {
            errors.note(field, "must be base64url")
            return nil
        }
        return bytes
    }
}
