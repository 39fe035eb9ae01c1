import Foundation
import MarketCore

/// One plain-text email. `rendered` is the RFC 5322 message an SMTP relay takes: the body in
/// base64 so any text (any language, long lines, a lone "." line) arrives unchanged.
struct MailMessage: Sendable, Equatable, Codable {
    var to: String
    var subject: String
    var body: String
    /// Where one click stops this kind of mail (RFC 8058): the `List-Unsubscribe` header, which
    /// mail apps show as an "Unsubscribe" button.
    var listUnsubscribe: String?

    init(to: String, subject: String, body: String, listUnsubscribe: String? = nil) {
        self.to = to
        self.subject = subject
        self.body = body
        self.listUnsubscribe = listUnsubscribe
    }

    /// Our words, in the reader's language (`Localizer.current`: the request's, or the
    /// recipient's when a job writes it).
    init(to: String, about subject: Phrase, saying body: Phrase, listUnsubscribe: String? = nil) {
        self.init(to: to, subject: subject.localized, body: body.localized, listUnsubscribe: listUnsubscribe)
    }

    func rendered(from: String, date: Date, messageID: String) -> String {
        let body = Data(self.body.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        let unsubscribe: [String] = listUnsubscribe.map { ["List-Unsubscribe: <\($0)>", "List-Unsubscribe-Post: List-Unsubscribe=One-Click"] } ?? []
        let head: [String] = [
            "From: \(from)",
            "To: <\(to)>",
            "Subject: \(Self.encodedHeader(subject))",
            "Date: \(Self.dateFormatter.string(from: date))",
            "Message-ID: <\(messageID)>",
        ]
        return (head + unsubscribe + [
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            body,
        ]).joined(separator: "\r\n")
    }

    /// RFC 2047 for a header with non-ASCII text; ASCII as it is.
    static func encodedHeader(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) { return text }
        return "=?UTF-8?B?\(Data(text.utf8).base64EncodedString())?="
    }

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter
    }()
}
