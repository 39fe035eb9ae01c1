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

    /// Keys it is asked for are recorded (`KeyRecorder`): the shipped catalog's localizers only.
    private var records = false

    public init(language: String, catalog: StringCatalog) {
        self.language = language
        self.catalog = catalog
        pseudo = PseudoLocale(rawValue: language)
        textLanguage = pseudo == nil ? language : catalog.sourceLanguage
        isRightToLeft = pseudo == .bidi || ["ar", "he", "fa", "ur"].contains(Self.primary(language))
        locale = Locale(identifier: pseudo == nil ? language : catalog.sourceLanguage)
    }

    /// Writes "12,50" and groups thousands with a point, as Spanish does (a language that ships
    /// with another rule says it here and in `MoneyText`).
    public var writesDecimalComma: Bool { Self.primary(textLanguage) == "es" }

    /// A pseudo-locale: English, changed for testing.
    public var isPseudo: Bool { pseudo != nil }

    /// The phrase in this language; a key the catalog lacks in it is shown in English, its source.
    public func string(_ phrase: Phrase) -> String {
        if records, Self.recorder.isRecording, phrase.key != "%@" { Self.recorder.record(phrase.key) }
        let entry = catalog.entries[phrase.key]
        let translated = entry?.localizations[textLanguage]
        if translated == nil, textLanguage != catalog.sourceLanguage, records, phrase.key != "%@" { Self.missing.record(phrase.key) }
        let variants = translated ?? entry?.localizations[catalog.sourceLanguage]
        let count = phrase.arguments.lazy.compactMap { argument -> Int? in if case .integer(let n) = argument { n } else { nil } }.first
        let text = variants?.text(for: count.map { PluralCategory.of($0, in: Self.primary(textLanguage)) }) ?? phrase.key
        // Most words on a page have no values: their text is the answer (a card's five, a label).
        if phrase.arguments.isEmpty, pseudo == nil, !text.utf8.contains(UInt8(ascii: "%")) { return text }
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

    private static let recorder = KeyRecorder.shared
    private static let missing = MissingKeys()

    /// The keys asked for in a language other than English that the catalog has no text for,
    /// since the process started: shown in English instead (`LocalizedPagesTests`).
    public static var keysMissingATranslation: Set<String> { missing.keys }

    static func primary(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
}

extension Localizer {
    /// The language of what is being drawn now: a page sets it while it draws (a `Phrase`
    /// encodes itself in it), a mail while it is written. Outside, the process's (`system`).
    @TaskLocal public static var current: Localizer = .system

    /// The language of this process's reader: POSIX's `LC_ALL`, `LC_MESSAGES`, `LANG` (a
    /// terminal's), then the device's preferred languages (an app's), else English.
    public static let system = chosen(from: LanguageChoice.processLanguages)

    /// The localizer of the first of `wishes` that is offered (`LanguageChoice.choose`), else English's.
    public static func chosen(from wishes: [String?]) -> Localizer {
        Localizer.for(LanguageChoice.choose(wishes)) ?? .english
    }

    /// The catalog that ships with MarketCore (Localizable.xcstrings), read once.
    public static let shippedCatalog: StringCatalog = (try? CatalogLocation.load()) ?? StringCatalog()

    public static let english = shipped("en")

    /// Phrases in English without recording their keys: what tests compare (`Phrase.==`).
    static let englishUnrecorded = Localizer(language: "en", catalog: shippedCatalog)

    private static func shipped(_ language: String) -> Localizer {
        var localizer = Localizer(language: language, catalog: shippedCatalog)
        localizer.records = true
        return localizer
    }

    /// The languages a student may choose, each complete in the catalog (`StringCatalogTests`).
    public static let offered: [String] = ["en", "es"]

    private static let made: [String: Localizer] = {
        let tags = offered + PseudoLocale.allCases.map(\.rawValue)
        return Dictionary(uniqueKeysWithValues: tags.map { ($0, shipped($0)) })
    }()

    /// Each offered language by its own name, as a picker lists it: a reader finds their
    /// language by the name they know it by.
    public static let nativeNames: [String: String] = ["en": "English", "es": "Español", "en-XA": "Pseudo (accented)", "ar-XB": "Pseudo (bidi)"]

    /// Every offered language's localizer and the pseudo-locales'.
    public static var everyLanguage: [Localizer] { made.values.sorted { $0.language < $1.language } }

    /// The localizer of an offered language or a pseudo-locale, by its exact tag.
    public static func `for`(_ language: String) -> Localizer? { made[language] }
}
