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
        let stems = SearchWordRule(words: query.words).terms.map(\.stem)
        // A listing must have every word of the search, so one stem finds all the candidates:
        // the longest, most often the rarest, so a new listing reads as few as it can.
        if let stem = stems.max(by: { $0.count < $1.count }) { return ["w:" + stem.prefix(indexedLength)] }
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
