import Foundation

/// Which addresses a campus's mail delivers to one mailbox, so that one student proves one
/// account: `Ann+two@UMich.edu` and `ann@umich.edu` are one person. The safe default folds case
/// and drops a `+tag` (Google Workspace and Microsoft 365 both deliver sub-addresses); a campus
/// whose mail also ignores dots, treats `-tag` as a sub-address, or delivers every one of its
/// domains to the same box says so in `CAMPUSES` (`| mailbox: dots, dash-tags, one-domain`).
struct CampusMailbox: Sendable, Equatable {
    var ignoresDots = false
    var dashTags = false
    /// `ann@med.umich.edu` and `ann@umich.edu` reach one box: both become the campus's first domain.
    var oneDomain = false

    static let safeDefault = CampusMailbox()
    static let options = ["dots", "dash-tags", "one-domain"]

    /// Reads `dots, dash-tags` (the words after `mailbox:`); an unknown word is named.
    static func parse(_ text: String) throws(ConfigurationError) -> CampusMailbox {
        var rule = CampusMailbox()
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !word.isEmpty {
            switch word {
            case "dots": rule.ignoresDots = true
            case "dash-tags": rule.dashTags = true
            case "one-domain": rule.oneDomain = true
            default: throw ConfigurationError("'\(word)' is not a mailbox rule; the rules are \(options.joined(separator: ", "))")
            }
        }
        return rule
    }

    /// The one form every address of a mailbox takes: what is stored, compared and kept unique.
    func key(of email: String, campusDomain: String? = nil) -> String {
        let address = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let at = address.lastIndex(of: "@") else { return address }
        var local = Substring(address[..<at])
        var domain = String(address[address.index(after: at)...])
        if let plus = local.firstIndex(of: "+") { local = local[..<plus] }
        if dashTags, let dash = local.firstIndex(of: "-") { local = local[..<dash] }
        var box = String(local)
        if ignoresDots { box.removeAll { $0 == "." } }
        if oneDomain, let campusDomain { domain = campusDomain }
        return box + "@" + domain
    }
}
