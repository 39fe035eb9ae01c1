import Foundation

/// A String Catalog (`Localizable.xcstrings`, the JSON file Xcode edits): for each key (the
/// English source), its translation in each language — one text, or one per plural category —
/// and, for keys with several counts, its named substitutions (`%#@photos@`).
public struct StringCatalog: Sendable {
    /// One key's text in one language.
    public struct Variants: Sendable, Equatable {
        public var text: String?
        public var plural: [PluralCategory: String]

        public init(text: String? = nil, plural: [PluralCategory: String] = [:]) {
            self.text = text
            self.plural = plural
        }

        /// The text for a count (`other` when the language's category has no variation).
        func text(for category: PluralCategory?) -> String? {
            guard !plural.isEmpty else { return text }
            return category.flatMap { plural[$0] } ?? plural[.other] ?? text
        }
    }

    /// A named part of a key's text (`%#@photos@`) that varies with one of its values.
    public struct Substitution: Sendable, Equatable {
        /// Which value (from 1) it varies with.
        public var argument: Int
        /// The value's format without `%` (`lld`).
        public var format: String
        public var variants: Variants
    }

    public struct Entry: Sendable, Equatable {
        public var localizations: [String: Variants] = [:]
        public var substitutions: [String: [String: Substitution]] = [:]
        /// Said for translators: where the words appear.
        public var comment: String?
    }

    public var sourceLanguage: String
    public var entries: [String: Entry]

    public init(sourceLanguage: String = "en", entries: [String: Entry] = [:]) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries
    }

    /// The languages some entry is translated into, the source language among them.
    public var languages: Set<String> {
        entries.values.reduce(into: [sourceLanguage]) { $0.formUnion($1.localizations.keys) }
    }

    /// The keys with no translation for `language` (the source language needs none: the key is it).
    public func missing(in language: String) -> [String] {
        guard language != sourceLanguage else { return [] }
        return entries.filter { $0.value.localizations[language] == nil }.map(\.key).sorted()
    }
}

extension StringCatalog {
    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the catalog's JSON.
    public init(json: Data) throws {
        let file: CatalogFile
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: json)
        } catch {
            throw Unreadable(description: "not a String Catalog (\(error))")
        }
        self.init(sourceLanguage: file.sourceLanguage, entries: file.strings.mapValues { $0.entry })
    }

    /// Reads `Localizable.xcstrings` at `path`.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unreadable(description: "there is no string catalog at \(path)")
        }
        try self.init(json: data)
    }
}

/// The file's shape, as Xcode writes it (`version` 1.0).
private struct CatalogFile: Decodable {
    var sourceLanguage: String
    var strings: [String: StringFile]

    struct StringFile: Decodable {
        var comment: String?
        var localizations: [String: LocalizationFile]?

        var entry: StringCatalog.Entry {
            var entry = StringCatalog.Entry(comment: comment)
            for (language, localization) in localizations ?? [:] {
                entry.localizations[language] = localization.variants
                for (name, substitution) in localization.substitutions ?? [:] {
                    entry.substitutions[language, default: [:]][name] = StringCatalog.Substitution(
                        argument: substitution.argNum ?? 1, format: substitution.formatSpecifier ?? "lld",
                        variants: substitution.variants)
                }
            }
            return entry
        }
    }

    struct LocalizationFile: Decodable {
        var stringUnit: Unit?
        var variations: Variations?
        var substitutions: [String: SubstitutionFile]?

        var variants: StringCatalog.Variants {
            StringCatalog.Variants(text: stringUnit?.value, plural: variations?.pluralTexts ?? [:])
        }
    }

    struct SubstitutionFile: Decodable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?

        var variants: StringCatalog.Variants { StringCatalog.Variants(plural: variations?.pluralTexts ?? [:]) }
    }

    struct Variations: Decodable {
        var plural: [String: Variation]?

        var pluralTexts: [PluralCategory: String] {
            var texts: [PluralCategory: String] = [:]
            for (name, variation) in plural ?? [:] {
                if let category = PluralCategory(rawValue: name) { texts[category] = variation.stringUnit.value }
            }
            return texts
        }
    }
    struct Variation: Decodable { var stringUnit: Unit }
    struct Unit: Decodable { var value: String }
}
