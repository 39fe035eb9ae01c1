import Foundation

/// Which offered language a person reads, from what they said, strongest first: their saved
/// choice, the picker's cookie, their browser's or device's list (`Accept-Language`), the
/// campus's default, English.
public enum LanguageChoice {
    /// The tags of an `Accept-Language` header, most wanted first (quality values honoured, ties
    /// in the order written; `q=0` means not wanted).
    public static func ranked(acceptLanguage header: String) -> [String] {
        var weighted: [(tag: String, quality: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty, tag != "*" else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0 { weighted.append((tag, quality, order)) }
        }
        return weighted.sorted { ($0.quality, -$0.order) > ($1.quality, -$1.order) }.map(\.tag)
    }

    /// The offered language a tag means: itself, or its language without the region
    /// ("es-MX" → "es"); a pseudo-locale only by its exact tag.
    public static func offered(_ tag: String, among offered: [String] = Localizer.offered) -> String? {
        let lowered = tag.replacingOccurrences(of: "_", with: "-").lowercased()
        if let exact = (offered + PseudoLocale.allCases.map(\.rawValue)).first(where: { $0.lowercased() == lowered }) { return exact }
        let primary = Localizer.primary(lowered)
        return offered.first { $0.lowercased() == primary }
    }

    /// This process's reader's languages, most wanted first: POSIX's `LC_ALL`, `LC_MESSAGES`,
    /// `LANG` (a terminal's; "C" and "POSIX" say nothing), then the device's preferred languages
    /// (an app's).
    public static var processLanguages: [String] {
        let environment = ProcessInfo.processInfo.environment
        var tags: [String] = []
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name] else { continue }
            let tag = String(value.prefix { $0 != "." && $0 != "@" }).replacingOccurrences(of: "_", with: "-")
            if !tag.isEmpty, tag != "C", tag != "POSIX" { tags.append(tag) }
        }
        var seen = Set<String>()
        return (tags + Locale.preferredLanguages).filter { seen.insert($0.lowercased()).inserted }
    }

    /// An `Accept-Language` header of `tags`, most wanted first: "es-MX, es;q=0.9, en;q=0.8".
    public static func acceptLanguage(_ tags: [String]) -> String {
        tags.prefix(9).enumerated().map { index, tag in index == 0 ? tag : "\(tag);q=0.\(10 - index)" }.joined(separator: ", ")
    }

    /// The first of `wishes` that is offered (each wish a tag or nil), else English.
    public static func choose(_ wishes: [String?], among offered: [String] = Localizer.offered) -> String {
        for case let wish? in wishes {
            if let language = self.offered(wish, among: offered) { return language }
        }
        return "en"
    }
}
