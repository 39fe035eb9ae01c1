import Foundation
import MarketCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// What every call says of who asks and what they read: the answer's type, the reader's
    /// languages (so the server's error messages come in them), and the session's token. One
    /// place for the endpoints' calls, the outbox's replays, catching up and the event stream.
    mutating func ask(accept: String = "application/json", languages: [String], token: String?) {
        setValue(accept, forHTTPHeaderField: "Accept")
        if !languages.isEmpty { setValue(LanguageChoice.acceptLanguage(languages), forHTTPHeaderField: "Accept-Language") }
        if let token { setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    }
}
