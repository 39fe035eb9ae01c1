import Foundation
import MarketCore

/// The campuses this server serves, as the operator configured them (`CAMPUSES`, or the file
/// `CAMPUSES_FILE` names): each a name, its email domains and its time zone. With none
/// configured (the embedded default) every email domain is a campus of its own, named by the
/// domain, and nobody can be verified: the market works as one open board.
struct CampusDirectory: Sendable {
    struct Campus: Sendable, Equatable {
        /// The first domain listed: stable while the name may be reworded. Listings store it.
        let id: String
        let name: String
        let domains: [String]
        let timeZone: TimeZone
        /// Which of its addresses reach one mailbox (one student, one verified account).
        var mailbox = CampusMailbox.safeDefault
        /// The language its pages start in for someone whose browser asks for none we offer
        /// (`| language: es`); nil: English.
        var language: String?

        /// The form of `email` stored as a verified campus address and kept unique.
        func mailboxKey(of email: String) -> String { mailbox.key(of: email, campusDomain: id) }
    }

    let campuses: [Campus]
    private let byDomain: [String: Campus]
    /// The zone of pages for people of no configured campus, and of every page when none is
    /// configured: `TIME_ZONE`, else the first campus's, else UTC.
    var defaultTimeZone = TimeZone(identifier: "UTC")!
    /// The language of pages for people of no configured campus: the first campus's.
    var defaultLanguage: String? { campuses.first?.language }

    init(_ campuses: [Campus] = []) {
        self.campuses = campuses
        var byDomain: [String: Campus] = [:]
        for campus in campuses { for domain in campus.domains { byDomain[domain] = campus } }
        self.byDomain = byDomain
        if let first = campuses.first { defaultTimeZone = first.timeZone }
    }

    var isConfigured: Bool { !campuses.isEmpty }

    /// Domains that say nothing of where someone studies: Apple's private relay, and the
    /// placeholders of Apple accounts without an address and of deleted accounts.
    static let noCampus = ["privaterelay.appleid.com", "apple.invalid", "deleted.invalid"]

    /// The campus an address belongs to: its domain, or a parent domain (`cs.umich.edu` is at
    /// `umich.edu`). Unconfigured, the domain itself.
    func campus(forEmail email: String) -> Campus? {
        guard let at = email.lastIndex(of: "@") else { return nil }
        let domain = email[email.index(after: at)...].lowercased()
        guard !Self.noCampus.contains(where: { domain == $0 || domain.hasSuffix("." + $0) }) else { return nil }
        guard isConfigured else { return Campus(id: domain, name: domain, domains: [domain], timeZone: defaultTimeZone) }
        var labels = domain.split(separator: ".")
        while labels.count >= 2 {
            if let campus = byDomain[labels.joined(separator: ".")] { return campus }
            labels.removeFirst()
        }
        return nil
    }

    func campus(id: String) -> Campus? {
        guard isConfigured else { return Campus(id: id, name: id, domains: [id], timeZone: defaultTimeZone) }
        return campuses.first { $0.id == id }
    }

    /// The zone a listing's campus keeps: its rent days are counted and its times read in it.
    func timeZone(ofCampus id: String?) -> TimeZone {
        id.flatMap { campus(id: $0)?.timeZone } ?? defaultTimeZone
    }

    /// What pages show for a listing's campus id: the campus's name.
    func name(of id: String) -> String { campus(id: id)?.name ?? id }

    /// `umich.edu,med.umich.edu = University of Michigan @ America/Detroit; utexas.edu = …`.
    /// A wrong entry is one sentence naming it.
    static func parse(_ text: String, setting: String) throws -> CampusDirectory {
        var campuses: [Campus] = []
        var seen: [String: String] = [:]
        let entries = text.split(whereSeparator: { $0 == ";" || $0 == "\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        for entry in entries {
            func wrong(_ why: String) -> ConfigurationError {
                ConfigurationError("\(setting) has a wrong entry '\(entry)': \(why). Write it as 'umich.edu,med.umich.edu = University of Michigan @ America/Detroit'")
            }
            // Optional `| mailbox: dots, dash-tags` and `| language: es` after the time zone.
            let parts = entry.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            var mailbox = CampusMailbox.safeDefault
            var language: String?
            for option in parts.dropFirst() {
                if option.lowercased().hasPrefix("mailbox:") {
                    do { mailbox = try CampusMailbox.parse(String(option.dropFirst("mailbox:".count))) }
                    catch { throw wrong(error.description) }
                } else if option.lowercased().hasPrefix("language:") {
                    let tag = option.dropFirst("language:".count).trimmingCharacters(in: .whitespaces)
                    guard let offered = LanguageChoice.offered(tag, among: Localizer.offered) else {
                        throw wrong("'\(tag)' is not a language CampusMarket speaks (\(Localizer.offered.joined(separator: ", ")))")
                    }
                    language = offered
                } else {
                    throw wrong("after '|' it takes 'mailbox:' and its rules, or 'language:' and a language")
                }
            }
            let sides = parts[0].split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard sides.count == 2 else { throw wrong("it needs domains, '=', then the campus's name") }
            let nameAndZone = sides[1].split(separator: "@", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard nameAndZone.count == 2, !nameAndZone[0].isEmpty else { throw wrong("the name needs '@' and a time zone after it") }
            guard let zone = TimeZone(identifier: nameAndZone[1]) else { throw wrong("'\(nameAndZone[1])' is not a time zone such as America/Chicago") }
            let domains = sides[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard !domains.isEmpty else { throw wrong("it names no email domain") }
            for domain in domains {
                guard AccountRules.emailProblem("a@" + domain) == nil, domain.contains(".") else { throw wrong("'\(domain)' is not an email domain") }
                if let other = seen[domain] { throw wrong("the domain \(domain) is already \(other)'s") }
                seen[domain] = nameAndZone[0]
            }
            campuses.append(Campus(id: domains[0], name: nameAndZone[0], domains: domains, timeZone: zone, mailbox: mailbox, language: language))
        }
        guard !campuses.isEmpty else { throw ConfigurationError("\(setting) is set but names no campus; leave it unset for an open board") }
        return CampusDirectory(campuses)
    }
}

extension CampusDirectory.Campus {
    var info: CampusInfo { CampusInfo(id: id, name: name, timeZone: timeZone.identifier) }
}
