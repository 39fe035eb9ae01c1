import Foundation

/// Puts phrases in one language: the catalog's translation (the plural form for the count),
/// the values written in place, numbers as the language writes them. One per language, made
/// once (`Localizer.for`).
public struct Localizer: Sendable {
    /// The language tag: "en", "es", or a pseudo-locale ("en-XA").
    public let language: String
    /// Right to left: the page is `dir="rtl"`.
    public let isRightToLeft: Bool
    private let catalog: StringCatalog
    /// Whose translations: the pseudo-locales change the English.
    private let textLanguage: String
    private let pseudo: PseudoLocale?
    private let locale: Locale

    public init(language: String, catalog: StringCatalog) {
        self.language = language
        self.catalog = catalog
        pseudo = PseudoLocale(rawValue: language)
        textLanguage = pseudo == nil ? language : catalog.sourceLanguage
        isRightToLeft = pseudo == .bidi || ["ar", "he", "fa", "ur"].contains(Self.primary(language))
        locale = Locale(identifier: pseudo == nil ? language : catalog.sourceLanguage)
    }

    /// The phrase in this language; a key the catalog lacks in it is shown in English, its source.
    public func string(_ phrase: Phrase) -> String {
        let entry = catalog.entries[phrase.key]
        let variants = entry?.localizations[textLanguage] ?? entry?.localizations[catalog.sourceLanguage]
        let count = phrase.arguments.lazy.compactMap { argument -> Int? in if case .integer(let n) = argument { n } else { nil } }.first
        let text = variants?.text(for: count.map { PluralCategory.of($0, in: Self.primary(textLanguage)) }) ?? phrase.key
        let substitutions = entry?.substitutions[textLanguage] ?? entry?.substitutions[catalog.sourceLanguage] ?? [:]
        return format(text, phrase.arguments, substitutions: substitutions)
    }

    private func format(_ text: String, _ arguments: [Phrase.Argument], substitutions: [String: StringCatalog.Substitution]) -> String {
        var formatter = FormatString(
            write: { position, output in
                guard arguments.indices.contains(position) else { return }
                switch arguments[position] {
                case .text(let text): output += text
                case .integer(let number): output += self.number(number)
                case .phrase(let phrase): output += self.string(phrase)
                }
            },
            substitute: { name in
                guard let substitution = substitutions[name], arguments.indices.contains(substitution.argument - 1) else { return nil }
                var count = 0
                if case .integer(let number) = arguments[substitution.argument - 1] { count = number }
                let category = PluralCategory.of(count, in: Self.primary(self.textLanguage))
                guard let variant = substitution.variants.text(for: category) else { return nil }
                // `%arg` in a variant is the substitution's own value.
                let own = variant.replacingOccurrences(of: "%arg", with: "%\(substitution.argument)$\(substitution.format)")
                return self.format(own, arguments, substitutions: [:])
            })
        if let pseudo { formatter.literal = { pseudo.transform($0) } }
        return formatter.format(text)
    }

    /// An integer as the language writes it ("10.000" in Spanish); the source language as Swift
    /// prints it, as the pages always have.
    public func number(_ value: Int) -> String {
        guard textLanguage != catalog.sourceLanguage else { return String(value) }
        return value.formatted(.number.locale(locale))
    }

    static func primary(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
}

extension Localizer {
    /// The language of what is being drawn now: a page sets it while it draws (a `Phrase`
    /// encodes itself in it), a mail while it is written. English outside.
    @TaskLocal public static var current: Localizer = .english

    /// The catalog that ships with MarketCore (`Localizable.xcstrings`), read once.
    public static let shippedCatalog: StringCatalog = (try? CatalogLocation.load()) ?? StringCatalog()

    public static let english = Localizer(language: "en", catalog: shippedCatalog)

    /// The languages a student may choose, each complete in the catalog (`StringCatalogTests`).
    public static let offered: [String] = ["en"]

    private static let made: [String: Localizer] = {
        let tags = offered + PseudoLocale.allCases.map(\.rawValue)
        return Dictionary(uniqueKeysWithValues: tags.map { ($0, Localizer(language: $0, catalog: shippedCatalog)) })
    }()

    /// The localizer of an offered language or a pseudo-locale, by its exact tag.
    public static func `for`(_ language: String) -> Localizer? { made[language] }
}
