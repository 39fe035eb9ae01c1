import Foundation

/// Words a person reads, before they are put in a language: the catalog's key (the English
/// source, with `%@` and `%lld` where values go, as Xcode's String Catalogs write it) and the
/// values. Written as a string literal where a `Phrase` is wanted — `"At most \(limit) photos"`
/// is the key "At most %lld photos" with `limit` — the way SwiftUI's LocalizedStringKey reads
/// one, so the source reads as English and every such literal is in the catalog.
public struct Phrase: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public enum Argument: Hashable, Sendable {
        /// Shown as it is: a name, a title, anything a person typed.
        case text(String)
        /// A count: chooses the plural form, written in the language's digits.
        case integer(Int)
        /// Words of our own, put in the same language.
        case phrase(Phrase)
    }

    public var key: String
    public var arguments: [Argument]

    /// Two phrases are the same when they say the same in English: `"At most \(8) photos"` is
    /// the literal "At most 8 photos" (tests compare problems with the sentence they expect).
    public static func == (lhs: Phrase, rhs: Phrase) -> Bool {
        (lhs.key == rhs.key && lhs.arguments == rhs.arguments) || lhs.english == rhs.english
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(english) }

    public init(_ key: String, _ arguments: [Argument] = []) {
        self.key = key
        self.arguments = arguments
    }

    /// Text that is not ours to translate (a title, a name), where a phrase is wanted.
    public static func verbatim(_ text: String) -> Phrase { Phrase("%@", [.text(text)]) }

    public init(stringLiteral value: String) {
        self.init(Self.escapingPercent(value))
    }

    public init(stringInterpolation: Interpolation) {
        self.init(stringInterpolation.key, stringInterpolation.arguments)
    }

    public struct Interpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { key += Phrase.escapingPercent(literal) }

        public mutating func appendInterpolation(_ text: String) {
            key += "%@"
            arguments.append(.text(text))
        }

        public mutating func appendInterpolation(_ number: Int) {
            key += "%lld"
            arguments.append(.integer(number))
        }

        public mutating func appendInterpolation(_ number: Int64) { appendInterpolation(Int(number)) }

        public mutating func appendInterpolation(_ phrase: Phrase) {
            key += "%@"
            arguments.append(.phrase(phrase))
        }
    }

    /// The English source with its values in place (the catalog's source language).
    public var english: String { Localizer.englishUnrecorded.string(self) }

    /// In the language of what is being drawn or said now (`Localizer.current`).
    public var localized: String { Localizer.current.string(self) }

    /// The same as `localized`: a phrase written into a string is in the reader's language.
    public var description: String { localized }

    /// A literal `%` is `%%` in a key, as in any format string.
    static func escapingPercent(_ text: String) -> String {
        text.contains("%") ? text.replacingOccurrences(of: "%", with: "%%") : text
    }
}

extension Phrase: Encodable {
    /// Written in the language of the page being drawn (`Localizer.current`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Localizer.current.string(self))
    }
}

extension Phrase {
    /// The phrase as stored to be put in words later, in whoever reads it's language (a
    /// notification): its key and values as JSON.
    public var stored: String {
        (try? String(decoding: JSONEncoder().encode(StoredPhrase(self)), as: UTF8.self)) ?? "{}"
    }

    /// A phrase read back from `stored`; nil when the text is not one.
    public init?(stored: String) {
        guard let phrase = try? JSONDecoder().decode(StoredPhrase.self, from: Data(stored.utf8)).phrase else { return nil }
        self = phrase
    }
}
