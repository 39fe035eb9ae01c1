/// The file's shape, as Xcode writes it (`version` 1.0).
struct CatalogFile: Decodable {
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
