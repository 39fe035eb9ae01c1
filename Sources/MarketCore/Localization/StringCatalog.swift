import Foundation

/// A String Catalog (Localizable.xcstrings, the JSON file Xcode edits): for each key (the
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

    /// Reads Localizable.xcstrings at `path`.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unreadable(description: "there is no string catalog at \(path)")
        }
        try self.init(json: data)
    }
}
