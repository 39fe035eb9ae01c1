import Fluent
import Foundation
import MarketCore
import SQLKit

/// The index of saved searches by what a listing must have to match them: a stem of the
/// search's words (`w:`), else its seller (`s:`), its categories (`c:`, one a listing may have
/// any of), offer (`o:`) or condition (`k:`), else only a price range or a campus (`p:`). A
/// listing probes with its words' stems (and every start of them of two letters or more, for a
/// search's last word typed in part) and its facets: the candidates share one, and only they are
/// read and checked in full (`SearchWordRule`).
enum SavedSearchTerms {
    /// Stems are indexed and probed up to this many characters.
    static let indexedLength = 19

    static func index(_ query: ListingQuery) -> [String] {
        let terms = SearchWordRule(words: query.words).terms
        // A listing must have every word of the search, so one word finds all the candidates:
        // the longest stem, most often the rarest, so a new listing reads as few as it can. A
        // Spanish listing may have it as its Spanish stem instead (`SpanishTerms`).
        if let term = terms.max(by: { $0.stem.count < $1.stem.count }) {
            return ([term.stem] + (term.spanish.map { [$0] } ?? [])).map { "w:" + $0.prefix(indexedLength) }
        }
        if let seller = query.seller { return ["s:" + seller.wireString] }
        if !query.categories.isEmpty { return query.categories.map { "c:" + $0.rawValue } }
        if let offer = query.offer { return ["o:" + offer.rawValue] }
        if let condition = query.condition { return ["k:" + condition.rawValue] }
        return ["p:"]
    }

    static func probes(stems: Set<String>, seller: UUID, categories: [ListingCategory], condition: ListingCondition, offers: [OfferKind]) -> [String] {
        var terms = Set<String>()
        for stem in stems {
            for length in stride(from: min(2, stem.count), through: min(stem.count, indexedLength), by: 1) { terms.insert("w:" + stem.prefix(length)) }
        }
        terms.insert("s:" + seller.wireString)
        for category in categories { terms.insert("c:" + category.rawValue) }
        for offer in offers { terms.insert("o:" + offer.rawValue) }
        terms.insert("k:" + condition.rawValue)
        terms.insert("p:")
        return terms.sorted()
    }
}
