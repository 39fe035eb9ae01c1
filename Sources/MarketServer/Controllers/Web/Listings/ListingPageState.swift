import Foundation
import MarketCore

/// What a visitor typed into the listing page's forms, and what the server said about it.
struct ListingPageState {
    var dropoff: String?
    var quote: DeliveryQuote?
    var buyError: Phrase?
    var rentStart = ""
    var rentEnd = ""
    var rentErrors = FieldErrors()
    var rentPreview: Phrase?
    var rentError: Phrase?
    var offered: Set<UUID> = []
    var cash = ""
    var tradeErrors = FieldErrors()
    var tradeError: Phrase?
    var ownerError: Phrase?
}
