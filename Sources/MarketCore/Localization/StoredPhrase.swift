import Foundation

/// `Phrase.stored`'s shape: `{"key": "…", "values": [{"text": "…"}, {"integer": 3}, {"phrase": {…}}]}`.
struct StoredPhrase: Codable {
    struct Value: Codable {
        var text: String?
        var integer: Int?
        var phrase: StoredPhrase?
    }

    var key: String
    var values: [Value]

    init(_ phrase: Phrase) {
        key = phrase.key
        values = phrase.arguments.map {
            switch $0 {
            case .text(let text): Value(text: text)
            case .integer(let number): Value(integer: number)
            case .phrase(let inner): Value(phrase: StoredPhrase(inner))
            }
        }
    }

    var phrase: Phrase {
        Phrase(key, values.map { value in
            if let number = value.integer { return .integer(number) }
            if let inner = value.phrase { return .phrase(inner.phrase) }
            return .text(value.text ?? "")
        })
    }
}
